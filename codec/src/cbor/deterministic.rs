//! Deterministic encoding (RFC 8949 section 4.2.1): preferred serialization, which the
//! writer always uses, plus the entries of every map sorted by the bytewise order of their
//! keys' encodings. A pass over the finished output, since a struct's members are written
//! in declaration order from literals made at macro time: only a document asked for
//! deterministically pays for the sort.

use alloc::vec::Vec;

/// `bytes`, a CBOR item this crate's writer made (well-formed, definite lengths), with
/// every map's entries sorted by their encoded keys, written to `out`; returns the
/// length of the item read.
pub(crate) fn sort_maps(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    let (len, major, arg, head) = head(bytes);
    match major {
        2 | 3 => {
            let end = head + arg as usize;
            out.extend_from_slice(&bytes[..end]);
            end
        }
        4 => {
            out.extend_from_slice(&bytes[..head]);
            let mut at = head;
            for _ in 0..arg {
                at += sort_maps(&bytes[at..], out);
            }
            at
        }
        5 => {
            out.extend_from_slice(&bytes[..head]);
            let mut at = head;
            let mut entries: Vec<(Vec<u8>, Vec<u8>)> = Vec::with_capacity(arg as usize);
            for _ in 0..arg {
                let (mut key, mut value) = (Vec::new(), Vec::new());
                at += sort_maps(&bytes[at..], &mut key);
                at += sort_maps(&bytes[at..], &mut value);
                entries.push((key, value));
            }
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            for (key, value) in entries {
                out.extend_from_slice(&key);
                out.extend_from_slice(&value);
            }
            at
        }
        6 => {
            out.extend_from_slice(&bytes[..head]);
            head + sort_maps(&bytes[head..], out)
        }
        _ => {
            out.extend_from_slice(&bytes[..len]);
            len
        }
    }
}

/// The head at the start of `bytes`: its length, major type, argument, and again its
/// length (where the content starts).
fn head(bytes: &[u8]) -> (usize, u8, u64, usize) {
    let b = bytes[0];
    let (major, ai) = (b >> 5, b & 0x1f);
    let extra = match ai {
        24 => 1,
        25 => 2,
        26 => 4,
        27 => 8,
        _ => 0,
    };
    let arg =
        if extra == 0 { u64::from(ai) } else { bytes[1..=extra].iter().fold(0, |acc, &x| acc << 8 | u64::from(x)) };
    (1 + extra, major, arg, 1 + extra)
}
