//! Deterministic encoding (RFC 8949 section 4.2.1): preferred serialization, which the
//! writer always uses, plus the entries of every map sorted by the bytewise order of their
//! keys' encodings. A pass over the finished output, since a struct's members are written
//! in declaration order from literals made at macro time: only a document asked for
//! deterministically pays for the sort.

use alloc::vec::Vec;

/// `bytes`, a CBOR item this crate's writer made (well-formed, definite lengths), with
/// every map's entries sorted by their encoded keys, written to `out`; returns the
/// length of the item read. Bytes that are not such an item (which the writer never
/// makes: an `Encoded` written by hand could) are copied as they are, never a panic.
pub(crate) fn sort_maps(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    let Some((major, arg, head)) = head(bytes) else {
        out.extend_from_slice(bytes);
        return bytes.len();
    };
    let arg = usize::try_from(arg).unwrap_or(usize::MAX);
    match major {
        2 | 3 => {
            let end = head.saturating_add(arg).min(bytes.len());
            out.extend_from_slice(&bytes[..end]);
            end
        }
        4 | 5 => {
            out.extend_from_slice(&bytes[..head]);
            let mut at = head;
            let items = if major == 4 { arg } else { arg.saturating_mul(2) };
            if major == 4 {
                for _ in 0..items {
                    if at >= bytes.len() {
                        break;
                    }
                    at += sort_maps(&bytes[at..], out);
                }
                return at;
            }
            let mut entries: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
            for _ in 0..arg {
                if at >= bytes.len() {
                    break;
                }
                let (mut key, mut value) = (Vec::new(), Vec::new());
                at += sort_maps(&bytes[at..], &mut key);
                if at < bytes.len() {
                    at += sort_maps(&bytes[at..], &mut value);
                }
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
            if head >= bytes.len() {
                return head;
            }
            head + sort_maps(&bytes[head..], out)
        }
        _ => {
            out.extend_from_slice(&bytes[..head]);
            head
        }
    }
}

/// The head at the start of `bytes`: its major type, argument, and length; `None` when
/// it is not a complete definite head.
fn head(bytes: &[u8]) -> Option<(u8, u64, usize)> {
    let &b = bytes.first()?;
    let (major, ai) = (b >> 5, b & 0x1f);
    let extra = match ai {
        0..=23 => 0,
        24 => 1,
        25 => 2,
        26 => 4,
        27 => 8,
        _ => return None,
    };
    let arg = if extra == 0 {
        u64::from(ai)
    } else {
        bytes.get(1..=extra)?.iter().fold(0, |acc, &x| acc << 8 | u64::from(x))
    };
    Some((major, arg, 1 + extra))
}
