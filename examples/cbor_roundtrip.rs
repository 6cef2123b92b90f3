//! Reads concatenated CBOR values from stdin, decodes each into a dynamic value and writes
//! it back to stdout in CBOR: the Rust side of the live interoperability check
//! `scripts/cbor_interop.py`, which feeds it values encoded by Python's cbor2 and compares
//! what comes back.
//!
//! By default each value is a `codec::msgpack::Value` (null, bools, integers within `i64`
//! and `u64`, floats, text, bytes, arrays, maps with keys of any type; tags skipped,
//! `undefined` read as null): what a typed decode keeps. With `--cbor-value` it is a
//! `codec::cbor::Value`, which keeps every data item (tags, `undefined`, simple values,
//! integers down to -2^64).
//!
//! Run with `cargo run --example cbor_roundtrip [-- --cbor-value] < values.cbor > back.cbor`.
//! A value that does not decode ends the run with its error (index, byte offset, path) and
//! a non-zero exit status.
//!
//! With the argument `shared`, the input is a CBOR sequence of graphs written by cbor2
//! with `value_sharing=True` (tags 28 and 29; see `scripts/cbor_interop.py`), read through
//! `iter_values_with` with `preserve_refs` into `Rc`s; each comes back, written with
//! `preserve_refs`, beside the node indexes its pairs point to as the decoder rebuilt them
//! (by `Rc::ptr_eq`).

use std::io::{Read, Write};
use std::rc::Rc;

use codec::cbor::CborReader;
use codec::{Decode, Encode};

/// A graph as the interop script builds it: nodes, and pairs of them (the same dicts again).
#[derive(codec::Codec)]
struct Graph {
    nodes: Vec<Rc<Node>>,
    pairs: Vec<Vec<Rc<Node>>>,
}

#[derive(codec::Codec)]
struct Node {
    id: u64,
    tags: Vec<String>,
}

/// What goes back for a graph: the graph, and for each pair the indexes of its nodes.
#[derive(codec::Codec)]
struct Checked {
    graph: Graph,
    pair_nodes: Vec<Vec<usize>>,
}

fn shared() -> Result<(), codec::Error> {
    let read = codec::cbor::Options::new().preserve_refs(true);
    let mut checked = Vec::new();
    for graph in codec::cbor::iter_values_with::<Graph, _>(std::io::stdin().lock(), &read) {
        let graph = graph?;
        let index = |p: &Rc<Node>| graph.nodes.iter().position(|n| Rc::ptr_eq(n, p)).unwrap_or(usize::MAX);
        let pair_nodes = graph.pairs.iter().map(|pair| pair.iter().map(index).collect()).collect();
        checked.push(Checked { graph, pair_nodes });
    }
    let write = codec::cbor::EncodeOptions::new().preserve_refs(true);
    codec::cbor::write_values_with(std::io::stdout().lock(), &checked, &write)?;
    eprintln!("cbor_roundtrip shared: {} graphs", checked.len());
    Ok(())
}

fn roundtrip<T: for<'de> Decode<'de> + Encode>(input: &[u8]) -> Result<usize, codec::Error> {
    let mut reader = CborReader::new(input);
    let mut values = Vec::new();
    while reader.position() < input.len() {
        let value = T::decode(&mut reader).map_err(|e| e.or_at(reader.position()))?;
        values.push(value);
    }
    let mut stdout = std::io::stdout().lock();
    for value in &values {
        codec::cbor::to_writer(&mut stdout, value)?;
    }
    stdout.flush()?;
    Ok(values.len())
}

fn main() -> Result<(), codec::Error> {
    if std::env::args().nth(1).as_deref() == Some("shared") {
        return shared();
    }
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    let count = if std::env::args().any(|a| a == "--cbor-value") {
        roundtrip::<codec::cbor::Value>(&input)?
    } else {
        roundtrip::<codec::msgpack::Value>(&input)?
    };
    eprintln!("cbor_roundtrip: {count} values, {} bytes", input.len());
    Ok(())
}
