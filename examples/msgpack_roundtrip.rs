//! Reads concatenated MessagePack values from stdin, decodes each into a
//! `codec::msgpack::Value` and writes it back to stdout: the Rust side of the live
//! interoperability check `scripts/msgpack_interop.py`, which feeds it values packed by
//! Python's msgpack and compares what comes back.
//!
//! Run with `cargo run --example msgpack_roundtrip < values.msgpack > back.msgpack`. A
//! value that does not decode ends the run with its error (index, byte offset, path) and
//! a non-zero exit status.

use std::io::{Read, Write};

use codec::msgpack::{iter_values_slice, Value};

fn main() -> Result<(), codec::Error> {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    let values = iter_values_slice::<Value>(&input).collect::<Result<Vec<_>, _>>()?;
    let mut stdout = std::io::stdout().lock();
    codec::msgpack::write_values(&mut stdout, &values)?;
    stdout.flush()?;
    eprintln!("msgpack_roundtrip: {} values, {} bytes", values.len(), input.len());
    Ok(())
}
