//! `preserve_refs` in CBOR: the value-sharing tags (<http://cbor.schmorp.de/value-sharing>,
//! what Python's cbor2 writes with `value_sharing=True`): tag [`SHAREABLE_TAG`] (28) before
//! the first occurrence of a shared value, tag [`SHARED_REF_TAG`] (29) with the index of
//! that shareable value, an unsigned integer, at every later one. Indexes count the tags 28
//! of a document from 0 in the order they appear, whatever type reads the values they tag:
//! cbor2 marks every array and map shareable, and a value decoded as anything but an
//! `Rc`/`Arc`/`Weak` still takes its index.
//!
//! Over the core's tables (`crate::refs`); the value itself is read or written by a
//! closure of the caller, so that nothing here needs the model.

use alloc::vec::Vec;

use super::{CborReader, CborWriter};
use crate::error::Result;
use crate::refs::{invalid, Body, DecodeRefs, Peeked, Seen};

/// The tag before a shared value's first occurrence ("shareable"): 28.
pub const SHAREABLE_TAG: u64 = 28;
/// The tag of a later occurrence ("sharedref"), on the index of the shareable value: 29.
pub const SHARED_REF_TAG: u64 = 29;

/// What a CBOR reader in refs mode keeps: the values decoded for indexes, and where the
/// shareable tags stand, which gives each its index.
#[derive(Default)]
pub(crate) struct CborRefs {
    pub(crate) table: DecodeRefs,
    /// The offsets of the shareable tags met so far, in input order: a tag's index is its
    /// place here (a re-read, by an untagged enum's next variant, finds it again).
    shareables: Vec<usize>,
    /// The last shareable tag passed over where tags are skipped before a value (an
    /// `Option` looking for `null` first): the value's offset, the index, the tag's offset.
    skipped: Option<(usize, u64, usize)>,
}

impl CborRefs {
    /// The index of the shareable tag at offset `at`.
    pub(crate) fn shareable(&mut self, at: usize) -> u64 {
        let i = match self.shareables.last() {
            Some(&last) if last >= at => match self.shareables.binary_search(&at) {
                Ok(i) => i,
                Err(i) => {
                    self.shareables.insert(i, at);
                    i
                }
            },
            _ => {
                self.shareables.push(at);
                self.shareables.len() - 1
            }
        };
        i as u64
    }

    /// Tags were skipped up to the value at `value_at`, the shareable tag at `tag_at`
    /// among them.
    pub(crate) fn skipped(&mut self, tag_at: usize, value_at: usize) {
        let index = self.shareable(tag_at);
        self.skipped = Some((value_at, index, tag_at));
    }
}

/// A shared value in refs mode, as the writer's table has `seen` it: tag 28 and the value
/// (written by `encode`) the first time, tag 29 on its index after.
#[inline(never)]
pub(crate) fn write_seen<'w>(
    w: &mut CborWriter<'w>,
    seen: Seen,
    encode: impl FnOnce(&mut CborWriter<'w>) -> Result<()>,
) -> Result<()> {
    match seen {
        Seen::First(_) => {
            w.write_tag(SHAREABLE_TAG);
            encode(w)
        }
        // The core's ids count from 1 in the order of first occurrences, as the tags 28
        // are written: the index is one less.
        Seen::Again(id) => {
            w.write_tag(SHARED_REF_TAG);
            w.write_u64(u64::from(id) - 1);
            Ok(())
        }
    }
}

/// What a pointer finds where its value starts: a reference (tag 29), a definition (tag 28,
/// just read, or skipped on the way here), or a plain value.
pub(crate) fn peek(r: &mut CborReader<'_>) -> Result<Peeked> {
    // Other tags are skipped, a shareable tag among them noted; a tag 29 stops the skip.
    r.skip_tags()?;
    let at = r.position();
    if r.at_shared_ref() {
        r.read_tag_head()?;
        let index_at = r.position();
        return match r.peek() {
            Some(0x00..=0x1b) => Ok(Peeked::Ref(r.read_u64()?, at)),
            _ => Err(invalid(
                format!("a shared reference (tag {SHARED_REF_TAG}) whose index is no unsigned integer"),
                index_at,
            )),
        };
    }
    match r.refs.as_deref().and_then(|refs| refs.skipped) {
        Some((value_at, index, tag_at)) if value_at == at => Ok(Peeked::Def(index, tag_at, Body::Wrapped)),
        _ => Ok(Peeked::Plain),
    }
}
