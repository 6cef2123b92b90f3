//! Reads concatenated CBOR values from stdin, decodes each into a
//! `codec::msgpack::Value` (the dynamic value type: null, bools, integers within `i64`
//! and `u64`, floats, text, bytes, arrays, maps with keys of any type) and writes it back
//! to stdout in CBOR: the Rust side of the live interoperability check
//! `scripts/cbor_interop.py`, which feeds it values encoded by Python's cbor2 and compares
//! what comes back.
//!
//! Run with `cargo run --example cbor_roundtrip < values.cbor > back.cbor`. A value that
//! does not decode ends the run with its error (index, byte offset, path) and a non-zero
//! exit status.

use std::io::{Read, Write};

use codec::cbor::CborReader;
use codec::msgpack::Value;
use codec::Decode;

fn main() -> Result<(), codec::Error> {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    let mut reader = CborReader::new(&input);
    let mut values = Vec::new();
    while reader.position() < input.len() {
        let value = Value::decode(&mut reader).map_err(|e| e.or_at(reader.position()))?;
        values.push(value);
    }
    let mut stdout = std::io::stdout().lock();
    for value in &values {
        codec::cbor::to_writer(&mut stdout, value)?;
    }
    stdout.flush()?;
    eprintln!("cbor_roundtrip: {} values, {} bytes", values.len(), input.len());
    Ok(())
}
