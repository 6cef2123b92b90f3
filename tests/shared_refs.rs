//! `preserve_refs`: shared and cyclic `Rc`/`Arc`/`Weak` in JSON and MessagePack (issue 14
//! part 1), and in CBOR (its value-sharing tags 28 and 29, at the end). The Codables examples byte for byte, sharing and cycles rebuilt, every kind of
//! bad input an error with position and path, and the option off writing what it wrote
//! before.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::{Rc, Weak};
use std::sync::{Arc, Mutex, RwLock};

use codec::json::{self, RefSpelling};
use codec::{cbor, msgpack, Codec, Decode, Encode, ErrorKind};

fn json_opts() -> json::EncodeOptions {
    json::EncodeOptions::new().preserve_refs(true)
}
fn codables() -> json::EncodeOptions {
    json_opts().ref_spelling(RefSpelling::Codables)
}
fn json_in() -> json::Options {
    json::Options::new().preserve_refs(true)
}
fn mp_opts() -> msgpack::EncodeOptions {
    msgpack::EncodeOptions::new().preserve_refs(true)
}
fn mp_in() -> msgpack::Options {
    msgpack::Options::new().preserve_refs(true)
}

fn json_str<T: Encode + ?Sized>(v: &T, o: &json::EncodeOptions) -> String {
    json::to_string_with(v, o).unwrap()
}
fn from_json<T: for<'de> Decode<'de>>(s: &str) -> T {
    json::from_slice_with(s.as_bytes(), &json_in()).unwrap()
}
fn json_err<T: for<'de> Decode<'de> + std::fmt::Debug>(s: &str) -> codec::Error {
    json::from_slice_with::<T>(s.as_bytes(), &json_in()).unwrap_err()
}
fn mp_err<T: for<'de> Decode<'de> + std::fmt::Debug>(b: &[u8]) -> codec::Error {
    msgpack::from_slice_with::<T>(b, &mp_in()).unwrap_err()
}

// ---- the four examples of Codables' own tests ----

#[derive(Codec, Debug)]
struct Foo {
    foo: String,
}

#[test]
fn codables_shared_object() {
    let foo = Rc::new(Foo { foo: "foo".into() });
    let v = vec![Rc::clone(&foo), foo];
    let text = json_str(&v, &codables());
    assert_eq!(text, r#"[{"$$id":0,"foo":"foo"},{"$$ref":0}]"#);
    let back: Vec<Rc<Foo>> = from_json(&text);
    assert!(Rc::ptr_eq(&back[0], &back[1]));
    assert_eq!(back[0].foo, "foo");
}

#[derive(Codec, Debug)]
struct SelfRef {
    text: String,
    #[codec(rename = "self")]
    me: Weak<SelfRef>,
}

fn codables_cycle() -> Rc<SelfRef> {
    Rc::new_cyclic(|me| SelfRef { text: "foo".into(), me: me.clone() })
}

#[test]
fn codables_self_reference() {
    let v = Rc::new_cyclic(|me| SelfRef { text: "foo".into(), me: me.clone() });
    let text = json_str(&v, &codables());
    assert_eq!(text, r#"{"$$id":0,"text":"foo","self":{"$$ref":0}}"#);
    let back: Rc<SelfRef> = from_json(&text);
    assert!(Rc::ptr_eq(&back.me.upgrade().unwrap(), &back));
    assert_eq!(back.text, "foo");
    // The cycle is through a Weak only: dropping the value frees it.
    let weak = Rc::downgrade(&back);
    drop(back);
    assert!(weak.upgrade().is_none());
}

#[derive(Codec, Debug)]
struct A {
    bar: Rc<B>,
}
#[derive(Codec, Debug)]
struct B {
    foo: Weak<A>,
}

#[test]
fn codables_nested_cycle() {
    let a = Rc::new_cyclic(|a| A { bar: Rc::new(B { foo: a.clone() }) });
    let pair = (Rc::clone(&a), Rc::clone(&a.bar));
    let text = json_str(&pair, &codables());
    assert_eq!(text, r#"[{"$$id":0,"bar":{"$$id":1,"foo":{"$$ref":0}}},{"$$ref":1}]"#);
    let back: (Rc<A>, Rc<B>) = from_json(&text);
    assert!(Rc::ptr_eq(&back.0.bar, &back.1));
    assert!(Rc::ptr_eq(&back.1.foo.upgrade().unwrap(), &back.0));
}

#[derive(Codec, Debug)]
struct Arr {
    arr: Rc<Vec<u32>>,
}

#[test]
fn codables_shared_array() {
    let arr = Rc::new(vec![1, 2, 3]);
    let v = vec![Arr { arr: Rc::clone(&arr) }, Arr { arr }];
    let text = json_str(&v, &codables());
    assert_eq!(text, r#"[{"arr":["$$id:0",1,2,3]},{"arr":{"$$ref":0}}]"#);
    let back: Vec<Arr> = from_json(&text);
    assert!(Rc::ptr_eq(&back[0].arr, &back[1].arr));
    assert_eq!(*back[0].arr, [1, 2, 3]);
    // An empty shared array.
    let empty = Rc::new(Vec::<u32>::new());
    let text = json_str(&(Rc::clone(&empty), empty), &codables());
    assert_eq!(text, r#"[["$$id:0"],{"$$ref":0}]"#);
    let back: (Rc<Vec<u32>>, Rc<Vec<u32>>) = from_json(&text);
    assert!(Rc::ptr_eq(&back.0, &back.1) && back.0.is_empty());
}

// ---- the default spelling, every kind of value ----

#[test]
fn default_spelling_objects_arrays_scalars() {
    let obj = Rc::new(Foo { foo: "x".into() });
    let arr = Rc::new(vec![1u8]);
    let s: Rc<str> = Rc::from("s");
    let n = Rc::new(5u64);
    let empty = Rc::new(BTreeMap::<String, u8>::new());
    let v = (
        (Rc::clone(&obj), obj),
        (Rc::clone(&arr), arr),
        (Rc::clone(&s), s),
        (Rc::clone(&n), n),
        (Rc::clone(&empty), empty),
    );
    let text = json_str(&v, &json_opts());
    assert_eq!(
        text,
        concat!(
            r#"[[{"$id":1,"foo":"x"},{"$ref":1}],[{"$id":2,"$value":[1]},{"$ref":2}],"#,
            r#"[{"$id":3,"$value":"s"},{"$ref":3}],[{"$id":4,"$value":5},{"$ref":4}],[{"$id":5},{"$ref":5}]]"#
        )
    );
    type T = (
        (Rc<Foo>, Rc<Foo>),
        (Rc<Vec<u8>>, Rc<Vec<u8>>),
        (Rc<str>, Rc<str>),
        (Rc<u64>, Rc<u64>),
        (Rc<BTreeMap<String, u8>>, Rc<BTreeMap<String, u8>>),
    );
    let back: T = from_json(&text);
    assert!(Rc::ptr_eq(&back.0 .0, &back.0 .1));
    assert!(Rc::ptr_eq(&back.1 .0, &back.1 .1));
    assert!(Rc::ptr_eq(&back.2 .0, &back.2 .1));
    assert_eq!(&*back.2 .0, "s");
    assert!(Rc::ptr_eq(&back.3 .0, &back.3 .1));
    assert_eq!(*back.3 .0, 5);
    assert!(Rc::ptr_eq(&back.4 .0, &back.4 .1));
    // Codables spelling of the same: wrappers for the scalars, `$$id` objects.
    let text = json_str(&v, &codables());
    assert!(text.contains(r#"[{"$$id":2,"$$value":"s"},{"$$ref":2}]"#), "{text}");
    let back: T = from_json(&text);
    assert!(Rc::ptr_eq(&back.2 .0, &back.2 .1));
}

#[test]
fn nested_wrappers_close_in_order() {
    // A shared value whose first member is itself a first occurrence wrapped: the
    // wrappers' closings at one offset must nest.
    let inner = Rc::new(7u8);
    let outer = Rc::new(vec![Rc::clone(&inner)]);
    let v = (Rc::clone(&outer), outer, inner);
    let text = json_str(&v, &json_opts());
    assert_eq!(text, r#"[{"$id":1,"$value":[{"$id":2,"$value":7}]},{"$ref":1},{"$ref":2}]"#);
    type Shared = Rc<Vec<Rc<u8>>>;
    let back: (Shared, Shared, Rc<u8>) = from_json(&text);
    assert!(Rc::ptr_eq(&back.0, &back.1));
    assert!(Rc::ptr_eq(&back.0[0], &back.2));
}

#[test]
fn arc_mutex_rwlock_refcell_and_slices() {
    let m = Arc::new(Mutex::new(Foo { foo: "m".into() }));
    let l = Arc::new(RwLock::new(3u8));
    let c = Rc::new(RefCell::new(vec![1u8]));
    let sl: Rc<[u16]> = Rc::from(&[1u16, 2][..]);
    let st: Arc<str> = Arc::from("t");
    let v = ((Arc::clone(&m), m), (Arc::clone(&l), l), (Rc::clone(&c), c), (Rc::clone(&sl), sl), (Arc::clone(&st), st));
    type T = (
        (Arc<Mutex<Foo>>, Arc<Mutex<Foo>>),
        (Arc<RwLock<u8>>, Arc<RwLock<u8>>),
        (Rc<RefCell<Vec<u8>>>, Rc<RefCell<Vec<u8>>>),
        (Rc<[u16]>, Rc<[u16]>),
        (Arc<str>, Arc<str>),
    );
    for text in [json_str(&v, &json_opts()), json_str(&v, &codables())] {
        let back: T = from_json(&text);
        assert!(Arc::ptr_eq(&back.0 .0, &back.0 .1), "{text}");
        assert!(Arc::ptr_eq(&back.1 .0, &back.1 .1));
        assert!(Rc::ptr_eq(&back.2 .0, &back.2 .1));
        back.2 .0.borrow_mut().push(2);
        assert_eq!(*back.2 .1.borrow(), [1, 2]);
        assert!(Rc::ptr_eq(&back.3 .0, &back.3 .1));
        assert!(Arc::ptr_eq(&back.4 .0, &back.4 .1));
        assert_eq!(back.0 .1.lock().unwrap().foo, "m");
    }
    let bytes = msgpack::to_vec_with(&v, &mp_opts()).unwrap();
    let back: T = msgpack::from_slice_with(&bytes, &mp_in()).unwrap();
    assert!(Arc::ptr_eq(&back.0 .0, &back.0 .1));
    assert!(Arc::ptr_eq(&back.1 .0, &back.1 .1));
    assert!(Rc::ptr_eq(&back.2 .0, &back.2 .1));
    assert!(Rc::ptr_eq(&back.3 .0, &back.3 .1));
    assert!(Arc::ptr_eq(&back.4 .0, &back.4 .1));
}

// ---- trees with parent pointers, both formats ----

#[derive(Codec, Debug)]
struct Dir {
    name: String,
    parent: Weak<RefCell<Dir>>,
    children: Vec<Rc<RefCell<Dir>>>,
}

fn tree() -> Rc<RefCell<Dir>> {
    let root = Rc::new(RefCell::new(Dir { name: "/".into(), parent: Weak::new(), children: vec![] }));
    for name in ["etc", "usr"] {
        let d = Rc::new(RefCell::new(Dir { name: name.into(), parent: Rc::downgrade(&root), children: vec![] }));
        let leaf = Rc::new(RefCell::new(Dir { name: "x".into(), parent: Rc::downgrade(&d), children: vec![] }));
        d.borrow_mut().children.push(leaf);
        root.borrow_mut().children.push(d);
    }
    root
}

fn check_tree(root: &Rc<RefCell<Dir>>) {
    let r = root.borrow();
    assert_eq!(r.name, "/");
    assert!(r.parent.upgrade().is_none());
    assert_eq!(r.children.len(), 2);
    for c in &r.children {
        assert!(Rc::ptr_eq(&c.borrow().parent.upgrade().unwrap(), root));
        let leaf = &c.borrow().children[0];
        assert!(Rc::ptr_eq(&leaf.borrow().parent.upgrade().unwrap(), c));
    }
}

#[test]
fn tree_with_parent_pointers_json_and_msgpack() {
    let root = tree();
    let text = json_str(&root, &json_opts());
    assert!(
        text.starts_with(r#"{"$id":1,"name":"/","parent":null,"children":[{"$id":2,"name":"etc","parent":{"$ref":1}"#)
    );
    let back: Rc<RefCell<Dir>> = from_json(&text);
    check_tree(&back);
    let back: Rc<RefCell<Dir>> = from_json(&json_str(&root, &codables()));
    check_tree(&back);
    let bytes = msgpack::to_vec_with(&root, &mp_opts()).unwrap();
    let back: Rc<RefCell<Dir>> = msgpack::from_slice_with(&bytes, &mp_in()).unwrap();
    check_tree(&back);
    // Streaming writers give the same bytes.
    let mut out = Vec::new();
    json::to_writer_with(&mut out, &root, &json_opts()).unwrap();
    assert_eq!(out, text.as_bytes());
    let mut out = Vec::new();
    msgpack::to_writer_with(&mut out, &root, &mp_opts()).unwrap();
    assert_eq!(out, bytes);
}

#[test]
fn weak_first_occurrence_and_dead_weak() {
    // A Weak met before any Rc to its target writes the target in full; the Rc after
    // refers to it and decodes to the same allocation.
    let target = Rc::new(Foo { foo: "t".into() });
    let v = (Rc::downgrade(&target), Rc::clone(&target));
    let text = json_str(&v, &json_opts());
    assert_eq!(text, r#"[{"$id":1,"foo":"t"},{"$ref":1}]"#);
    let back: (Weak<Foo>, Rc<Foo>) = from_json(&text);
    assert!(Rc::ptr_eq(&back.0.upgrade().unwrap(), &back.1));
    let bytes = msgpack::to_vec_with(&v, &mp_opts()).unwrap();
    let back: (Weak<Foo>, Rc<Foo>) = msgpack::from_slice_with(&bytes, &mp_in()).unwrap();
    assert!(Rc::ptr_eq(&back.0.upgrade().unwrap(), &back.1));
    // A Weak alone: its target is written, and nothing holds it after decoding.
    let back: Weak<Foo> = from_json(&json_str(&Rc::downgrade(&target), &json_opts()));
    assert!(back.upgrade().is_none());
    // A dead Weak is null, in and out, with the option on or off.
    let dead: Weak<Foo> = Weak::new();
    assert_eq!(json_str(&dead, &json_opts()), "null");
    assert_eq!(json::to_string(&dead).unwrap(), "null");
    assert_eq!(msgpack::to_vec_with(&dead, &mp_opts()).unwrap(), b"\xc0");
    assert!(from_json::<Weak<Foo>>("null").upgrade().is_none());
    // Off: a live Weak is an error (it would recurse through a cycle), a dead one null;
    // decoding gives an empty Weak.
    let e = json::to_string(&Rc::downgrade(&target)).unwrap_err();
    assert!(e.to_string().contains("only with `preserve_refs(true)`"), "{e}");
    assert!(msgpack::to_vec(&Rc::downgrade(&target)).is_err());
    assert!(json::to_string(&codables_cycle()).is_err());
    let off: Weak<Foo> = json::from_str(r#"{"foo":"t"}"#).unwrap();
    assert!(off.upgrade().is_none());
}

#[test]
fn msgpack_wire_format() {
    let s = Rc::new(Foo { foo: "a".into() });
    let bytes = msgpack::to_vec_with(&vec![Rc::clone(&s), s], &mp_opts()).unwrap();
    assert_eq!(bytes, b"\x92\x92\xd6\x52\0\0\0\x01\x81\xa3foo\xa1a\xd6\x52\0\0\0\x01");
    assert_eq!(msgpack::REF_EXT_TYPE, 82);
}

// ---- off: nothing changes ----

#[test]
fn off_writes_what_it_wrote_before() {
    let foo = Rc::new(Foo { foo: "f".into() });
    let v = vec![Rc::clone(&foo), foo];
    let plain = json::to_vec(&v).unwrap();
    assert_eq!(plain, br#"[{"foo":"f"},{"foo":"f"}]"#);
    assert_eq!(json::to_vec_with(&v, &json::EncodeOptions::new()).unwrap(), plain);
    assert_eq!(msgpack::to_vec_with(&v, &msgpack::EncodeOptions::new()).unwrap(), msgpack::to_vec(&v).unwrap());
    // Decoding without the option: two allocations, and `$id` is an unknown field.
    let back: Vec<Rc<Foo>> = json::from_slice(&plain).unwrap();
    assert!(!Rc::ptr_eq(&back[0], &back[1]));
    // and the markers are ordinary members: ignored as unknown, or missing the fields.
    let back: Vec<Rc<Foo>> = json::from_str(r#"[{"$id":1,"foo":"f"},{"$id":1,"foo":"f"}]"#).unwrap();
    assert!(!Rc::ptr_eq(&back[0], &back[1]));
    let err = json::from_str::<Rc<Foo>>(r#"{"$ref":1}"#).unwrap_err();
    assert!(err.to_string().contains("missing field `foo`"), "{err}");
    // A value without ids decodes the same with the option on.
    let back: Vec<Rc<Foo>> = from_json(r#"[{"foo":"f"},{"foo":"g"}]"#);
    assert_eq!(back[1].foo, "g");
}

// ---- bad input ----

#[derive(Codec, Debug)]
struct Holder {
    items: Vec<Rc<Foo>>,
    other: Option<Rc<Vec<u8>>>,
}

#[derive(Codec, Debug)]
struct Chain {
    name: String,
    next: Option<Rc<Chain>>,
}

#[test]
fn json_bad_references() {
    // Undefined id: position of the marker, path to the field.
    let e = json_err::<Holder>(r#"{"items":[{"$ref":9}]}"#);
    assert_eq!(e.offset(), Some(10));
    assert!(e.to_string().contains("reference to id 9, which nothing before it defines"), "{e}");
    assert!(e.to_string().contains("at .items[0] (line 1, column 11)"), "{e}");
    // A reference to an id of another type.
    let e = json_err::<Holder>(r#"{"items":[{"$id":1,"foo":"a"}],"other":{"$ref":1}}"#);
    assert!(e.to_string().contains("reference to id 1, a alloc::rc::Rc<shared_refs::Foo>"), "{e}");
    assert!(e.to_string().contains("at .other"), "{e}");
    assert_eq!(e.offset(), Some(39));
    // Defined twice.
    let e = json_err::<Holder>(r#"{"items":[{"$id":1,"foo":"a"},{"$id":1,"foo":"b"}]}"#);
    assert!(e.to_string().contains("id 1 is defined twice"), "{e}");
    assert_eq!(e.offset(), Some(30));
    // A cycle through Rc.
    let e = json_err::<Rc<Chain>>(r#"{"$id":1,"name":"a","next":{"$ref":1}}"#);
    assert!(e.to_string().contains("only a Weak can point back"), "{e}");
    assert_eq!(e.offset(), Some(27));
    // A reference with more members, a wrapper with more after its value.
    let e = json_err::<Rc<Foo>>(r#"[{"$id":1,"foo":"a"},{"$ref":1,"x":2}]"#[21..37].trim_end_matches(']'));
    assert!(e.to_string().contains("members besides"), "{e}");
    let e = json_err::<Rc<u8>>(r#"{"$id":1,"$value":2,"x":3}"#);
    assert!(e.to_string().contains("members after"), "{e}");
    // A trailing comma after the id.
    let e = json_err::<Rc<Foo>>(r#"{"$id":1,}"#);
    assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{e}");
    // An id that is not a number.
    assert!(json_err::<Rc<Foo>>(r#"{"$id":"x","foo":"a"}"#).to_string().contains("expected"));
    // Cut input everywhere: an error, never a panic.
    let good = json_str(&tree(), &json_opts());
    for cut in 0..good.len() {
        assert!(json::from_slice_with::<Rc<RefCell<Dir>>>(&good.as_bytes()[..cut], &json_in()).is_err());
    }
}

#[test]
fn msgpack_bad_references() {
    let r = |id: u8| [0xd6, 0x52, 0, 0, 0, id];
    let def = |id: u8| [0x92, 0xd6, 0x52, 0, 0, 0, id];
    // Undefined.
    let mut b = vec![0x91];
    b.extend(r(9));
    let e = mp_err::<Vec<Rc<u8>>>(&b);
    assert!(e.to_string().contains("reference to id 9, which nothing before it defines"), "{e}");
    assert_eq!(e.offset(), Some(1));
    // Wrong type.
    let mut b = vec![0x92];
    b.extend(def(1));
    b.push(5);
    b.extend(r(1));
    let e = mp_err::<(Rc<u8>, Rc<u16>)>(&b);
    assert!(e.to_string().contains("reference to id 1, a alloc::rc::Rc<u8>, where a alloc::rc::Rc<u16>"), "{e}");
    // Defined twice.
    let mut b = vec![0x92];
    b.extend(def(1));
    b.push(5);
    b.extend(def(1));
    b.push(6);
    let e = mp_err::<Vec<Rc<u8>>>(&b);
    assert!(e.to_string().contains("id 1 is defined twice"), "{e}");
    assert_eq!(e.offset(), Some(9));
    // A cycle through Rc: Chain { name, next } is a map.
    let mut b = def(1).to_vec();
    b.extend(b"\x82\xa4name\xa1a\xa4next");
    b.extend(r(1));
    let e = mp_err::<Rc<Chain>>(&b);
    assert!(e.to_string().contains("only a Weak can point back"), "{e}");
    // An id ext of the wrong size, cut input.
    let e = mp_err::<Rc<u8>>(b"\xd5\x52\0\x01");
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
    let good = msgpack::to_vec_with(&tree(), &mp_opts()).unwrap();
    for cut in 0..good.len() {
        assert!(msgpack::from_slice_with::<Rc<RefCell<Dir>>>(&good[..cut], &mp_in()).is_err());
    }
}

#[test]
fn shared_untyped_values() {
    // `Value` opens objects and arrays through the same reader calls as derived types.
    let obj: Rc<json::Value> = Rc::new(r#"{"a":[1,{}]}"#.parse().unwrap());
    let arr: Rc<json::Value> = Rc::new("[true]".parse().unwrap());
    let v = (Rc::clone(&obj), obj, Rc::clone(&arr), arr);
    type T = (Rc<json::Value>, Rc<json::Value>, Rc<json::Value>, Rc<json::Value>);
    for opts in [json_opts(), codables()] {
        let text = json_str(&v, &opts);
        let back: T = from_json(&text);
        assert!(Rc::ptr_eq(&back.0, &back.1) && Rc::ptr_eq(&back.2, &back.3), "{text}");
        assert_eq!(back.0.to_string(), r#"{"a":[1,{}]}"#);
        assert_eq!(back.2.to_string(), "[true]");
    }
}

#[test]
fn untagged_retries_do_not_count_as_redefinitions() {
    #[derive(Codec, Debug)]
    #[codec(untagged)]
    enum Either {
        Num(Rc<u8>),
        Text(Rc<String>),
    }
    let back: Vec<Either> = from_json(r#"[{"$id":1,"$value":"a"},{"$ref":1}]"#);
    match (&back[0], &back[1]) {
        (Either::Text(a), Either::Text(b)) => assert!(Rc::ptr_eq(a, b)),
        other => panic!("{other:?}"),
    }
}

// ---- CBOR: tag 28 (shareable) and tag 29 (sharedref), as cbor2's value sharing ----

fn cb_out() -> cbor::EncodeOptions {
    cbor::EncodeOptions::new().preserve_refs(true)
}
fn cb_in() -> cbor::Options {
    cbor::Options::new().preserve_refs(true)
}
fn cb_back<T: for<'de> Decode<'de>>(bytes: &[u8]) -> codec::Result<T> {
    cbor::from_slice_with(bytes, &cb_in())
}

#[test]
fn cbor_wire_format() {
    let s = Rc::new(Foo { foo: "a".into() });
    let bytes = cbor::to_vec_with(&vec![Rc::clone(&s), s], &cb_out()).unwrap();
    // [28({"foo": "a"}), 29(0)]
    assert_eq!(bytes, b"\x82\xd8\x1c\xa1\x63foo\x61a\xd8\x1d\x00");
    assert_eq!((cbor::SHAREABLE_TAG, cbor::SHARED_REF_TAG), (28, 29));
    // Two shared values: indexes in the order their first occurrences start, from 0.
    let (x, y) = (Arc::new(1u8), Arc::new(2u8));
    let v = [Arc::clone(&x), Arc::clone(&y), y, x];
    let bytes = cbor::to_vec_with(&v, &cb_out()).unwrap();
    assert_eq!(bytes, b"\x84\xd8\x1c\x01\xd8\x1c\x02\xd8\x1d\x01\xd8\x1d\x00");
    let back: [Arc<u8>; 4] = cb_back(&bytes).unwrap();
    assert!(Arc::ptr_eq(&back[0], &back[3]) && Arc::ptr_eq(&back[1], &back[2]) && !Arc::ptr_eq(&back[0], &back[1]));
    // Off: each occurrence in full, as before.
    assert_eq!(cbor::to_vec_with(&v, &cbor::EncodeOptions::new()).unwrap(), cbor::to_vec(&[1u8, 2, 2, 1]).unwrap());
    // A dead Weak is null.
    assert_eq!(cbor::to_vec_with(&Weak::<Foo>::new(), &cb_out()).unwrap(), b"\xf6");
}

#[test]
fn cbor_tree_with_parent_pointers_and_streams() {
    let root = tree();
    let bytes = cbor::to_vec_with(&root, &cb_out()).unwrap();
    // 28({"name": "/", "parent": null, "children": [28({"name": "etc", "parent": 29(0), ...
    assert!(bytes.starts_with(
        b"\xd8\x1c\xa3\x64name\x61/\x66parent\xf6\x68children\x82\xd8\x1c\xa3\x64name\x63etc\x66parent\xd8\x1d\x00"
    ));
    check_tree(&cb_back(&bytes).unwrap());
    let mut out = Vec::new();
    cbor::to_writer_with(&mut out, &root, &cb_out()).unwrap();
    assert_eq!(out, bytes);
    // A sequence: every item numbers its shared values from 0, and reads back so.
    let mut out = Vec::new();
    cbor::write_values_with(&mut out, [&root, &root], &cb_out()).unwrap();
    assert_eq!(out, [bytes.clone(), bytes].concat());
    let back: Vec<Rc<RefCell<Dir>>> = cbor::iter_values_with(&out[..], &cb_in()).collect::<Result<_, _>>().unwrap();
    back.iter().for_each(check_tree);
    // A Weak first, then the Rc, and an `Option` around the pointer (which looks for null
    // past the tag before the pointer reads it).
    let target = Rc::new(Foo { foo: "t".into() });
    let v = (Rc::downgrade(&target), Some(Rc::clone(&target)), Some(target));
    let bytes = cbor::to_vec_with(&v, &cb_out()).unwrap();
    let back: (Weak<Foo>, Option<Rc<Foo>>, Option<Rc<Foo>>) = cb_back(&bytes).unwrap();
    let one = back.1.unwrap();
    assert!(Rc::ptr_eq(&back.0.upgrade().unwrap(), &one) && Rc::ptr_eq(&one, back.2.as_ref().unwrap()));
}

#[test]
fn cbor_bad_references() {
    // An index nothing defines: offset of the tag, and the path.
    let e = cb_back::<Vec<Rc<u8>>>(b"\x82\xd8\x1c\x05\xd8\x1d\x01").unwrap_err();
    assert_eq!(e.to_string(), "invalid value: reference to id 1, which nothing before it defines at [1] (byte 4)");
    // The wrong type.
    let e = cb_back::<(Rc<u8>, Rc<u16>)>(b"\x82\xd8\x1c\x05\xd8\x1d\x00").unwrap_err();
    assert!(e.to_string().contains("reference to id 0, a alloc::rc::Rc<u8>, where a alloc::rc::Rc<u16>"), "{e}");
    // A cycle through Rc: Chain { name, next }.
    let e = cb_back::<Rc<Chain>>(b"\xd8\x1c\xa2\x64name\x61a\x64next\xd8\x1d\x00").unwrap_err();
    assert!(e.to_string().contains("only a Weak can point back"), "{e}");
    assert_eq!(e.path(), ".next");
    // An index that is no unsigned integer.
    let e = cb_back::<Vec<Rc<u8>>>(b"\x81\xd8\x1d\x61a").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid value: a shared reference (tag 29) whose index is no unsigned integer at [0] (byte 3)"
    );
    // A reference where no pointer is read.
    let e = cb_back::<(Rc<u8>, u8)>(b"\x82\xd8\x1c\x05\xd8\x1d\x00").unwrap_err();
    assert!(e.to_string().starts_with("invalid value: a shared reference (tag 29) where u8 is expected"), "{e}");
    assert_eq!((e.offset(), e.path().to_string()), (Some(4), "[1]".to_string()));
    // Every cut of a good document is an error.
    let good = cbor::to_vec_with(&tree(), &cb_out()).unwrap();
    for cut in 0..good.len() {
        assert!(cb_back::<Rc<RefCell<Dir>>>(&good[..cut]).is_err(), "{cut}");
    }
}

/// What cbor2 writes with `value_sharing=True`: every array and map tagged shareable, and
/// the tags counted whatever reads them.
#[test]
fn cbor_every_container_shareable() {
    // outer = 28([28([1, 2]), 29(1)]): the outer list is index 0, the inner one 1.
    let bytes = b"\xd8\x1c\x82\xd8\x1c\x82\x01\x02\xd8\x1d\x01";
    let back: Vec<Rc<Vec<u8>>> = cb_back(bytes).unwrap();
    assert!(Rc::ptr_eq(&back[0], &back[1]));
    assert_eq!(*back[0], [1, 2]);
    // The outer list through Rc too; and a skipped unknown field keeps the count.
    let back: Rc<Vec<Rc<Vec<u8>>>> = cb_back(bytes).unwrap();
    assert!(Rc::ptr_eq(&back[0], &back[1]));
    #[derive(Codec, Debug)]
    struct Two {
        b: Rc<Vec<u8>>,
        c: Rc<Vec<u8>>,
    }
    // {"a": 28([]), "b": 28([7]), "c": 29(1)}: "a" is skipped, and still index 0.
    let two: Two = cb_back(b"\xa3\x61a\xd8\x1c\x80\x61b\xd8\x1c\x81\x07\x61c\xd8\x1d\x01").unwrap();
    assert!(Rc::ptr_eq(&two.b, &two.c));
    // Without the option, the tags are skipped as any tag without a meaning: a reference
    // reads as its index.
    assert_eq!(cbor::from_slice::<Vec<Vec<u8>>>(b"\x82\xd8\x1c\x81\x01\xd8\x1c\x80").unwrap(), [vec![1], vec![]]);
    assert_eq!(cbor::from_slice::<Vec<u64>>(b"\x82\xd8\x1c\x05\xd8\x1d\x00").unwrap(), [5, 0]);
}

#[test]
fn cbor_refs_and_deterministic_order_do_not_mix() {
    let opts = cb_out().deterministic(true);
    let e = cbor::to_vec_with(&vec![Rc::new(1u8)], &opts).unwrap_err();
    assert!(e.to_string().contains("deterministic order and preserve_refs"), "{e}");
    assert!(cbor::to_vec_with(&vec![1u8], &cbor::EncodeOptions::new().deterministic(true)).is_ok());
}

#[test]
fn cbor_untagged_retries_do_not_count_twice() {
    // The first variant reads past the tag 28 before it fails: the index it took is
    // found again by the second.
    #[derive(Codec, Debug)]
    #[codec(untagged)]
    enum Shape {
        Bytes(Vec<Rc<u8>>),
        Text(Rc<String>),
    }
    // [28("a"), 28("b"), 29(1), 29(0)]
    let back: Vec<Shape> = cb_back(b"\x84\xd8\x1c\x61a\xd8\x1c\x61b\xd8\x1d\x01\xd8\x1d\x00").unwrap();
    match (&back[0], &back[1], &back[2], &back[3]) {
        (Shape::Text(a), Shape::Text(b), Shape::Text(c), Shape::Text(d)) => {
            assert!(Rc::ptr_eq(a, d) && Rc::ptr_eq(b, c) && **b == "b");
        }
        other => panic!("{other:?}"),
    }
}
