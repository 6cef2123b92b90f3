//! `preserve_refs` over random graphs: DAGs of `Rc<RefCell<Node>>` shared through structs,
//! enums, `Vec`s and `BTreeMap`s, with `Weak` edges that make cycles (to the node itself,
//! its ancestors, anything written before it) and dead `Weak`s. Every graph, in JSON (both
//! spellings) and MessagePack, decodes to an isomorphic graph with the same sharing: two
//! pointers are `Rc::ptr_eq` after decoding exactly when they were before, and every
//! `Weak` upgrades to the image of its target.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::{Rc, Weak};

use codec::json::{self, RefSpelling};
use codec::{msgpack, Codec};
use proptest::prelude::*;

type P = Rc<RefCell<Node>>;

#[derive(Codec, Debug)]
struct Node {
    label: u32,
    parent: Weak<RefCell<Node>>,
    back: Vec<Weak<RefCell<Node>>>,
    children: Vec<P>,
    links: BTreeMap<String, P>,
    kind: Kind,
}

#[derive(Codec, Debug)]
enum Kind {
    Leaf,
    Num(i64),
    Ptr(P),
    Named { w: Weak<RefCell<Node>> },
}

/// A graph to build: `n` nodes, strong edges `a -> b` (a < b, so strong pointers make no
/// cycle) into one of three slots, and `Weak` edges from a node to a seed that picks among
/// the nodes whose encoding has started before it.
#[derive(Debug, Clone)]
struct Plan {
    n: usize,
    strong: Vec<(usize, usize, u8)>,
    weak: Vec<(usize, usize, u8)>,
    dead: Vec<usize>,
}

fn plan() -> impl Strategy<Value = Plan> {
    (1usize..10).prop_flat_map(|n| {
        let strong = prop::collection::vec((0..n, 0..n, 0u8..3), 0..20)
            .prop_map(|v| v.into_iter().filter(|(a, b, _)| a < b).collect::<Vec<_>>());
        let weak = prop::collection::vec((0..n, any::<usize>(), 0u8..3), 0..15);
        let dead = prop::collection::vec(0..n, 0..3);
        (Just(n), strong, weak, dead).prop_map(|(n, strong, weak, dead)| Plan { n, strong, weak, dead })
    })
}

fn build(plan: &Plan) -> Vec<P> {
    let nodes: Vec<P> = (0..plan.n)
        .map(|i| {
            Rc::new(RefCell::new(Node {
                label: i as u32,
                parent: Weak::new(),
                back: vec![],
                children: vec![],
                links: BTreeMap::new(),
                kind: if i % 2 == 0 { Kind::Leaf } else { Kind::Num(-(i as i64)) },
            }))
        })
        .collect();
    for &(a, b, slot) in &plan.strong {
        let mut node = nodes[a].borrow_mut();
        let target = Rc::clone(&nodes[b]);
        match slot {
            0 => node.children.push(target),
            1 => {
                let key = format!("k{}", node.links.len());
                node.links.insert(key, target);
            }
            _ => node.kind = Kind::Ptr(target),
        }
    }
    // The order in which encoding starts the nodes: the top-level `Vec`, depth first
    // through the strong slots in field order (weak fields only refer to started nodes).
    fn visit(i: usize, nodes: &[P], index: &HashMap<usize, usize>, order: &mut Vec<usize>) {
        if order.contains(&i) {
            return;
        }
        order.push(i);
        let node = nodes[i].borrow();
        let mut next: Vec<usize> = node.children.iter().map(|c| index[&(Rc::as_ptr(c) as usize)]).collect();
        next.extend(node.links.values().map(|c| index[&(Rc::as_ptr(c) as usize)]));
        if let Kind::Ptr(c) = &node.kind {
            next.push(index[&(Rc::as_ptr(c) as usize)]);
        }
        drop(node);
        for j in next {
            visit(j, nodes, index, order);
        }
    }
    let index: HashMap<usize, usize> = nodes.iter().enumerate().map(|(i, p)| (Rc::as_ptr(p) as usize, i)).collect();
    let mut order = Vec::new();
    for i in 0..plan.n {
        visit(i, &nodes, &index, &mut order);
    }
    for &(i, seed, slot) in &plan.weak {
        let rank = order.iter().position(|&x| x == i).unwrap();
        let j = order[seed % (rank + 1)];
        let w = Rc::downgrade(&nodes[j]);
        let mut node = nodes[i].borrow_mut();
        match slot {
            0 => node.parent = w,
            1 => node.back.push(w),
            _ => {
                if !matches!(node.kind, Kind::Ptr(_)) {
                    node.kind = Kind::Named { w };
                }
            }
        }
    }
    for &i in &plan.dead {
        let gone = Rc::new(RefCell::new(Node {
            label: 99,
            parent: Weak::new(),
            back: vec![],
            children: vec![],
            links: BTreeMap::new(),
            kind: Kind::Leaf,
        }));
        nodes[i].borrow_mut().back.push(Rc::downgrade(&gone));
    }
    nodes
}

/// Walks both graphs in step, keeping a bijection between their allocations.
struct Iso {
    there: HashMap<usize, usize>,
    back: HashMap<usize, usize>,
}

impl Iso {
    fn pair(&mut self, a: &P, b: &P) -> Result<(), String> {
        let (pa, pb) = (Rc::as_ptr(a) as usize, Rc::as_ptr(b) as usize);
        match (self.there.get(&pa), self.back.get(&pb)) {
            (Some(&x), Some(&y)) if x == pb && y == pa => return Ok(()),
            (None, None) => {}
            _ => return Err(format!("sharing differs at node {}", a.borrow().label)),
        }
        self.there.insert(pa, pb);
        self.back.insert(pb, pa);
        let (x, y) = (a.borrow(), b.borrow());
        if x.label != y.label {
            return Err(format!("label {} vs {}", x.label, y.label));
        }
        self.weak(&x.parent, &y.parent)?;
        if x.back.len() != y.back.len() || x.children.len() != y.children.len() || x.links.len() != y.links.len() {
            return Err(format!("lengths differ at node {}", x.label));
        }
        for (p, q) in x.back.iter().zip(&y.back) {
            self.weak(p, q)?;
        }
        for (p, q) in x.children.iter().zip(&y.children) {
            self.pair(p, q)?;
        }
        for ((k, p), (l, q)) in x.links.iter().zip(&y.links) {
            if k != l {
                return Err(format!("keys {k} vs {l}"));
            }
            self.pair(p, q)?;
        }
        match (&x.kind, &y.kind) {
            (Kind::Leaf, Kind::Leaf) => Ok(()),
            (Kind::Num(m), Kind::Num(n)) if m == n => Ok(()),
            (Kind::Ptr(p), Kind::Ptr(q)) => self.pair(p, q),
            (Kind::Named { w: p }, Kind::Named { w: q }) => self.weak(p, q),
            (k, l) => Err(format!("kinds {k:?} vs {l:?}")),
        }
    }

    fn weak(&mut self, a: &Weak<RefCell<Node>>, b: &Weak<RefCell<Node>>) -> Result<(), String> {
        match (a.upgrade(), b.upgrade()) {
            (None, None) => Ok(()),
            (Some(p), Some(q)) => self.pair(&p, &q),
            (p, q) => Err(format!("weak alive {} vs {}", p.is_some(), q.is_some())),
        }
    }
}

fn isomorphic(a: &[P], b: &[P]) -> Result<(), String> {
    if a.len() != b.len() {
        return Err("top-level lengths differ".into());
    }
    let mut iso = Iso { there: HashMap::new(), back: HashMap::new() };
    for (p, q) in a.iter().zip(b) {
        iso.pair(p, q)?;
    }
    Ok(())
}

/// Strong pointers in the decoded graph: each allocation's strong count is the number of
/// `Rc`s the graph holds to it (none left in the decoder's table).
fn strong_counts(nodes: &[P]) -> Vec<usize> {
    nodes.iter().map(|n| Rc::strong_count(n) - 1).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn graphs_round_trip_with_their_sharing(plan in plan()) {
        let nodes = build(&plan);
        let before = strong_counts(&nodes);
        let json_in = json::Options::new().preserve_refs(true);
        for spelling in [RefSpelling::Default, RefSpelling::Codables] {
            let opts = json::EncodeOptions::new().preserve_refs(true).ref_spelling(spelling);
            let text = json::to_vec_with(&nodes, &opts).unwrap();
            let back: Vec<P> = json::from_slice_with(&text, &json_in)
                .map_err(|e| TestCaseError::fail(format!("{e}: {}", String::from_utf8_lossy(&text))))?;
            prop_assert_eq!(isomorphic(&nodes, &back), Ok(()), "{}", String::from_utf8_lossy(&text));
            prop_assert_eq!(strong_counts(&back), before.clone());
        }
        let bytes = msgpack::to_vec_with(&nodes, &msgpack::EncodeOptions::new().preserve_refs(true)).unwrap();
        let back: Vec<P> = msgpack::from_slice_with(&bytes, &msgpack::Options::new().preserve_refs(true))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(isomorphic(&nodes, &back), Ok(()));
        prop_assert_eq!(strong_counts(&back), before);
    }

    /// Truncated or corrupted refs-mode documents: an error or a value, never a panic.
    #[test]
    fn damaged_documents_never_panic(plan in plan(), cut in any::<usize>(), flip in any::<(usize, u8)>()) {
        let nodes = build(&plan);
        let text = json::to_vec_with(&nodes, &json::EncodeOptions::new().preserve_refs(true)).unwrap();
        let opts = json::Options::new().preserve_refs(true);
        let _ = json::from_slice_with::<Vec<P>>(&text[..cut % (text.len() + 1)], &opts);
        let mut bad = text.clone();
        let at = flip.0 % bad.len();
        bad[at] = b"{}[]\":,$0123456789"[flip.1 as usize % 18];
        let _ = json::from_slice_with::<Vec<P>>(&bad, &opts);
        let bytes = msgpack::to_vec_with(&nodes, &msgpack::EncodeOptions::new().preserve_refs(true)).unwrap();
        let mopts = msgpack::Options::new().preserve_refs(true);
        let _ = msgpack::from_slice_with::<Vec<P>>(&bytes[..cut % (bytes.len() + 1)], &mopts);
        let mut bad = bytes.clone();
        let at = flip.0 % bad.len();
        bad[at] ^= flip.1 | 1;
        let _ = msgpack::from_slice_with::<Vec<P>>(&bad, &mopts);
    }
}
