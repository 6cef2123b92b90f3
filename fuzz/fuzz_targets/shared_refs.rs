//! `preserve_refs` decoding of arbitrary documents. Byte 0 picks the format (bit 0: JSON or
//! a binary format; then bit 2: MessagePack or CBOR) and the JSON spelling written back
//! (bit 1: default or Codables'); the rest
//! is decoded, with `preserve_refs` on, as a graph of `Rc<RefCell<Node>>` with `Weak`
//! edges, as shared `Value`s and as shared strings and slices. Nothing may panic or leak
//! (a strong cycle must be refused, never built: libFuzzer's leak check would see it);
//! whatever decodes must encode with `preserve_refs`, decode again, and encode to the same
//! bytes again.
#![no_main]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::{Rc, Weak};
use std::sync::{Arc, Mutex};

use codec::json::RefSpelling;
use codec::{json, Codec};
use libfuzzer_sys::fuzz_target;

type P = Rc<RefCell<Node>>;

#[derive(Codec, Debug)]
struct Node {
    label: u32,
    parent: Weak<RefCell<Node>>,
    children: Vec<P>,
    links: BTreeMap<String, P>,
    kind: Kind,
}

#[derive(Codec, Debug)]
enum Kind {
    Leaf,
    Ptr(P),
    Named { w: Weak<RefCell<Node>> },
}

#[derive(Codec, Debug)]
struct Mixed {
    values: Vec<Rc<json::Value>>,
    text: Vec<Rc<str>>,
    slices: Vec<Rc<[u8]>>,
    locked: Option<Arc<Mutex<Vec<Arc<str>>>>>,
}

macro_rules! json_stable {
    ($doc:expr, $spelling:expr, $t:ty) => {{
        let read = json::Options::new().preserve_refs(true);
        let write = json::EncodeOptions::new().preserve_refs(true).ref_spelling($spelling);
        if let Ok(v) = json::from_slice_with::<$t>($doc, &read) {
            let bytes = json::to_vec_with(&v, &write).unwrap_or_else(|e| panic!("decoded {v:?}, cannot encode: {e}"));
            let again: $t = json::from_slice_with(&bytes, &read)
                .unwrap_or_else(|e| panic!("own encoding {:?} does not decode: {e}", String::from_utf8_lossy(&bytes)));
            let bytes2 = json::to_vec_with(&again, &write).expect("encode again");
            assert_eq!(String::from_utf8_lossy(&bytes), String::from_utf8_lossy(&bytes2));
        }
    }};
}

/// MessagePack and CBOR (`$fmt`): byte-stable after one round.
macro_rules! binary_stable {
    ($fmt:ident, $doc:expr, $t:ty) => {{
        let read = codec::$fmt::Options::new().preserve_refs(true);
        let write = codec::$fmt::EncodeOptions::new().preserve_refs(true);
        if let Ok(v) = codec::$fmt::from_slice_with::<$t>($doc, &read) {
            let bytes =
                codec::$fmt::to_vec_with(&v, &write).unwrap_or_else(|e| panic!("decoded {v:?}, cannot encode: {e}"));
            let again: $t = codec::$fmt::from_slice_with(&bytes, &read).expect("own encoding decodes");
            assert_eq!(bytes, codec::$fmt::to_vec_with(&again, &write).expect("encode again"));
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, doc)) = data.split_first() else { return };
    if mode & 1 == 0 {
        let spelling = if mode & 2 == 0 { RefSpelling::Default } else { RefSpelling::Codables };
        json_stable!(doc, spelling, Vec<P>);
        json_stable!(doc, spelling, Mixed);
    } else if mode & 4 == 0 {
        binary_stable!(msgpack, doc, Vec<P>);
        binary_stable!(msgpack, doc, Mixed);
    } else {
        binary_stable!(cbor, doc, Vec<P>);
        binary_stable!(cbor, doc, Mixed);
    }
});
