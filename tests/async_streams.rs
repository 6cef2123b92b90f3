//! Async streams (features `tokio` and `futures-io`): `iter_values_async`,
//! `iter_array_async`, `from_async_reader`, and the writers `write_lines_async`,
//! `write_array_async` and MessagePack's and CBOR's `write_values_async`.
//!
//! 1. Differential properties: random JSON Lines (valid, mistyped and broken lines) and
//!    random arrays and documents, fed by a reader that hands out random chunks (from 1
//!    byte) and is not ready (`Pending`) between them, through tokio's and futures' traits,
//!    into buffers of random sizes: the stream yields what the slice iterator yields, items
//!    and errors alike (kind, offset, line, column, item, path).
//! 2. A real TCP socket on loopback: 10,000+ JSON Lines from a producer that pauses, a bad
//!    line in the middle, and a reader that goes away.
//! 3. Cancellation: a dropped stream drops its reader.
//! 4. Back-pressure: a writer that takes a few bytes per poll and is not ready in between
//!    gets exactly the blocking writers' bytes, and the producer is never far ahead of it.
//!
//! Case counts are modest by default; `PROPTEST_CASES` raises them.

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use codec::io::{FuturesIo, Tokio};
use codec::json::{self, Options, Value};
use codec::{Codec, ErrorKind};
use futures::executor::block_on;
use futures::{Stream, StreamExt};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::Config;
use tokio::io::{AsyncWriteExt, ReadBuf};

fn config(cases: u32) -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

// ================================================================ readers and writers

/// Hands out `data` in chunks of the given sizes (cycled), and is not ready (`Pending`,
/// waking at once) before every chunk: both runtimes' `AsyncRead`. Counts its drops.
struct Trickle {
    data: Vec<u8>,
    pos: usize,
    sizes: Vec<usize>,
    turn: usize,
    ready: bool,
    dropped: Arc<AtomicUsize>,
}

impl Trickle {
    fn new(data: &[u8], sizes: &[usize]) -> Self {
        Trickle {
            data: data.to_vec(),
            pos: 0,
            sizes: sizes.to_vec(),
            turn: 0,
            // Not ready at the first poll either.
            ready: true,
            dropped: Arc::new(AtomicUsize::new(0)),
        }
    }

    fn poll_bytes(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<usize> {
        self.ready = !self.ready;
        if !self.ready {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Poll::Ready(n)
    }
}

impl Drop for Trickle {
    fn drop(&mut self) {
        self.dropped.fetch_add(1, Ordering::SeqCst);
    }
}

impl tokio::io::AsyncRead for Trickle {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.poll_bytes(cx, buf.initialize_unfilled()) {
            Poll::Ready(n) => {
                buf.advance(n);
                Poll::Ready(Ok(()))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl futures::io::AsyncRead for Trickle {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
        self.get_mut().poll_bytes(cx, buf).map(Ok)
    }
}

/// Accepts at most `per_poll` bytes per write, and is not ready (`Pending`, waking at
/// once) before every write and flush; records the bytes, the flushes, and how far ahead of
/// it the producer was (`pulled` counts the items produced, `line` bytes each).
struct Narrow {
    out: Vec<u8>,
    per_poll: usize,
    ready: bool,
    flushes: usize,
    pulled: Arc<AtomicUsize>,
    line: usize,
    most_ahead: usize,
}

impl Narrow {
    fn new(per_poll: usize, pulled: Arc<AtomicUsize>, line: usize) -> Self {
        Narrow { out: Vec::new(), per_poll, ready: false, flushes: 0, pulled, line, most_ahead: 0 }
    }

    fn turn(&mut self, cx: &mut Context<'_>) -> bool {
        self.ready = !self.ready;
        if !self.ready {
            cx.waker().wake_by_ref();
        }
        self.ready
    }
}

impl tokio::io::AsyncWrite for Narrow {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if !this.turn(cx) {
            return Poll::Pending;
        }
        let ahead = (this.pulled.load(Ordering::SeqCst) * this.line).saturating_sub(this.out.len());
        this.most_ahead = this.most_ahead.max(ahead);
        let n = buf.len().min(this.per_poll);
        this.out.extend_from_slice(&buf[..n]);
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if !this.turn(cx) {
            return Poll::Pending;
        }
        this.flushes += 1;
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

// ================================================================ models

#[derive(Codec, Debug, Clone, PartialEq)]
struct Rec {
    id: u32,
    name: String,
    #[codec(default)]
    tags: Vec<u8>,
}

// ================================================================ comparisons

/// Everything an item is compared by: the value, or the error's kind, offset, line,
/// column, item and path.
type Seen<T> = Result<T, Box<(ErrorKind, Option<usize>, Option<usize>, Option<usize>, Option<usize>, String)>>;

fn seen<T: Clone>(r: &codec::Result<T>) -> Seen<T> {
    match r {
        Ok(v) => Ok(v.clone()),
        Err(e) => Err(Box::new((e.kind().clone(), e.offset(), e.line(), e.column(), e.item(), e.path()))),
    }
}

fn all_seen<T: Clone>(items: &[codec::Result<T>]) -> Vec<Seen<T>> {
    items.iter().map(seen).collect()
}

/// Collects a stream on futures' executor.
fn collect<S: Stream>(s: S) -> Vec<S::Item> {
    block_on(s.collect())
}

// ================================================================ generated input

fn ws() -> impl Strategy<Value = &'static str> {
    select(vec!["", "", " ", "\t", "  "])
}

fn rec() -> impl Strategy<Value = String> {
    (any::<u32>(), "[a-z]{0,8}", vec(any::<u8>(), 0..4), ws())
        .prop_map(|(id, name, tags, w)| format!("{{\"id\":{w}{id},{w}\"name\":\"{name}\",\"tags\":{tags:?}}}"))
}

/// A line: a record, a mistyped value, a broken one, or a scalar.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => rec(),
        1 => select(vec!["[1, 2]", "\"text\"", "17", "null", "{\"id\": \"x\", \"name\": \"n\"}", "{\"id\": 1}"]).prop_map(String::from),
        1 => (rec(), any::<Index>()).prop_map(|(r, at)| {
            // Broken strictly inside the object: the break is on this line.
            let at = 1 + at.index(r.len() - 2);
            format!("{}#{}", &r[..at], &r[at..])
        }),
        1 => "[\\[\\]{}\",:0-9a-z ]{0,12}",
    ]
}

fn chunks() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![4 => 1usize..8, 1 => 8usize..200], 1..8)
}

fn buffer_size() -> impl Strategy<Value = usize> {
    prop_oneof![1 => Just(1usize), 2 => 2usize..24, 1 => Just(64 << 10)]
}

/// The stream over `bytes` through tokio's trait or futures'.
fn values<T: codec::DecodeOwned>(bytes: &[u8], sizes: &[usize], opts: &Options, tokio: bool) -> Vec<codec::Result<T>> {
    let reader = Trickle::new(bytes, sizes);
    if tokio {
        collect(json::iter_values_async_with::<T, _>(Tokio(reader), opts))
    } else {
        collect(json::iter_values_async_with::<T, _>(FuturesIo(reader), opts))
    }
}

fn elements<T: codec::DecodeOwned>(
    bytes: &[u8],
    sizes: &[usize],
    opts: &Options,
    tokio: bool,
) -> Vec<codec::Result<T>> {
    let reader = Trickle::new(bytes, sizes);
    if tokio {
        collect(json::iter_array_async_with::<T, _>(Tokio(reader), opts))
    } else {
        collect(json::iter_array_async_with::<T, _>(FuturesIo(reader), opts))
    }
}

fn document<T: codec::DecodeOwned>(bytes: &[u8], sizes: &[usize], opts: &Options, tokio: bool) -> codec::Result<T> {
    let reader = Trickle::new(bytes, sizes);
    if tokio {
        block_on(json::from_async_reader_with::<T, _>(Tokio(reader), opts))
    } else {
        block_on(json::from_async_reader_with::<T, _>(FuturesIo(reader), opts))
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// JSON Lines through a reader that trickles and is not ready in between: the same
    /// items and errors as `iter_values_slice`, for a typed record and for `Value`.
    #[test]
    fn iter_values_async_equals_the_slice_iterator(
        lines in vec((line(), ws()), 0..12), sizes in chunks(), buffer in buffer_size(),
        crlf in any::<bool>(), tokio in any::<bool>(),
    ) {
        let mut text = Vec::new();
        for (line, pad) in &lines {
            text.extend_from_slice(pad.as_bytes());
            text.extend_from_slice(line.as_bytes());
            text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
        }
        let opts = Options::new().buffer_size(buffer);
        let want: Vec<_> = json::iter_values_slice_with::<Rec>(&text, &opts).collect();
        prop_assert_eq!(all_seen(&values::<Rec>(&text, &sizes, &opts, tokio)), all_seen(&want));
        let want: Vec<_> = json::iter_values_slice_with::<Value>(&text, &opts).collect();
        prop_assert_eq!(all_seen(&values::<Value>(&text, &sizes, &opts, tokio)), all_seen(&want));
        // And the blocking reader over the same bytes, which the async stream shares its
        // state machine with, agrees too.
        let sync: Vec<_> = json::iter_values_with::<Value, _>(&text[..], &opts).collect();
        prop_assert_eq!(all_seen(&sync), all_seen(&want));
    }

    /// One array's elements, and one document, under the same chunking.
    #[test]
    fn iter_array_and_from_async_reader_equal_the_slice_forms(
        items in vec((ws(), line(), ws()), 0..8), sizes in chunks(), buffer in buffer_size(),
        cut in any::<Option<Index>>(), tokio in any::<bool>(),
    ) {
        let parts: Vec<String> = items.into_iter().map(|(a, v, b)| format!("{a}{v}{b}")).collect();
        let mut bytes = format!(" [{}]\n", parts.join(",")).into_bytes();
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        let opts = Options::new().buffer_size(buffer);
        let want: Vec<_> = json::iter_array_slice_with::<Rec>(&bytes, &opts).collect();
        prop_assert_eq!(all_seen(&elements::<Rec>(&bytes, &sizes, &opts, tokio)), all_seen(&want));
        let want: Vec<_> = json::iter_array_slice_with::<Value>(&bytes, &opts).collect();
        prop_assert_eq!(all_seen(&elements::<Value>(&bytes, &sizes, &opts, tokio)), all_seen(&want));
        // One document: what the blocking `from_reader` says (it agrees with `from_slice`
        // up to the documented stream rules, tested in stream_json.rs).
        let want = json::from_reader_with::<Vec<Value>>(&bytes[..], &opts);
        prop_assert_eq!(seen(&document::<Vec<Value>>(&bytes, &sizes, &opts, tokio)), seen(&want));
        let want = json::from_reader_with::<Vec<Rec>>(&bytes[..], &opts);
        prop_assert_eq!(seen(&document::<Vec<Rec>>(&bytes, &sizes, &opts, tokio)), seen(&want));
        let trailing = opts.clone().allow_trailing(true);
        let want = json::from_reader_with::<Value>(&bytes[..], &trailing);
        prop_assert_eq!(seen(&document::<Value>(&bytes, &sizes, &trailing, tokio)), seen(&want));
    }

    /// MessagePack: concatenated values written by `write_values_async`, read back under
    /// random chunking, equal `iter_values_slice`, also after a random cut or a random byte.
    #[test]
    fn msgpack_round_trip_and_chunking(
        recs in vec((any::<u32>(), "[a-z]{0,8}", vec(any::<u8>(), 0..4)), 0..10),
        sizes in chunks(), buffer in buffer_size(), damage in any::<Option<(Index, u8)>>(), tokio in any::<bool>(),
    ) {
        let recs: Vec<Rec> = recs.into_iter().map(|(id, name, tags)| Rec { id, name, tags }).collect();
        let mut packed = Vec::new();
        block_on(codec::msgpack::write_values_async(Tokio(&mut packed), futures::stream::iter(recs.clone()))).unwrap();
        let mut sync = Vec::new();
        codec::msgpack::write_values(&mut sync, &recs).unwrap();
        prop_assert_eq!(&packed, &sync);
        let opts = codec::msgpack::Options::new().buffer_size(buffer);
        let read = |bytes: &[u8]| -> Vec<codec::Result<Rec>> {
            let reader = Trickle::new(bytes, &sizes);
            if tokio {
                collect(codec::msgpack::iter_values_async_with(Tokio(reader), &opts))
            } else {
                collect(codec::msgpack::iter_values_async_with(FuturesIo(reader), &opts))
            }
        };
        let back: Vec<Rec> = read(&packed).into_iter().collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(&back, &recs);
        if let Some((at, byte)) = damage {
            let mut bad = packed.clone();
            if !bad.is_empty() {
                let at = at.index(bad.len());
                if byte % 2 == 0 { bad.truncate(at) } else { bad[at] = byte }
            }
            let want: Vec<_> = codec::msgpack::iter_values_slice_with::<Rec>(&bad, &opts).collect();
            prop_assert_eq!(all_seen(&read(&bad)), all_seen(&want));
            let one = block_on(codec::msgpack::from_async_reader_with::<Rec, _>(Tokio(Trickle::new(&bad, &sizes)), &opts));
            prop_assert_eq!(seen(&one), seen(&codec::msgpack::from_reader_with::<Rec>(&bad[..], &opts)));
        }
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// CBOR: a sequence written by `write_values_async` (what `write_values` writes), with
    /// indefinite-length items spliced in, read under random chunking and `Pending`s
    /// through either runtime's trait: the slice iterator's items and errors, also after
    /// a random cut or a random byte; one item from `from_async_reader` as from
    /// `from_reader`.
    #[test]
    fn cbor_sequences_under_chunking(
        tokio in any::<bool>(), sizes in chunks(), buffer in buffer_size(),
        names in vec("[a-z]{0,8}", 0..10), damage in any::<Option<(Index, u8)>>(),
    ) {
        let recs: Vec<Rec> = names.into_iter().zip(0..).map(|(name, id)| Rec { id, name, tags: vec![id as u8] }).collect();
        let mut blocking = Vec::new();
        codec::cbor::write_values(&mut blocking, &recs).unwrap();
        let mut bytes = Vec::new();
        let items = futures::stream::iter(recs.clone());
        block_on(codec::cbor::write_values_async(FuturesIo(&mut bytes), items)).unwrap();
        prop_assert_eq!(&bytes, &blocking);
        // An indefinite-length {"id": 9, "name": "ab" in two chunks}, twice, at the front.
        let indefinite = b"\xbf\x62id\x09\x64name\x7f\x61a\x61b\xff\xff";
        let bytes = [&indefinite[..], &indefinite[..], &bytes].concat();
        let opts = codec::cbor::Options::new().buffer_size(buffer);
        let stream_of = |input: &[u8]| -> Vec<codec::Result<Rec>> {
            let reader = Trickle::new(input, &sizes);
            match tokio {
                true => collect(codec::cbor::iter_values_async_with(Tokio(reader), &opts)),
                false => collect(codec::cbor::iter_values_async_with(FuturesIo(reader), &opts)),
            }
        };
        let mut input = bytes.clone();
        if let Some((at, byte)) = damage.filter(|_| !input.is_empty()) {
            let at = at.index(input.len());
            match byte % 2 {
                0 => input.truncate(at),
                _ => input[at] = byte,
            }
        }
        let got = stream_of(&input);
        prop_assert_eq!(all_seen(&got), all_seen(&codec::cbor::iter_values_slice_with::<Rec>(&input, &opts).collect::<Vec<_>>()));
        if damage.is_none() {
            prop_assert_eq!(got.len(), recs.len() + 2);
            prop_assert_eq!(got[0].as_ref().unwrap().name.as_str(), "ab");
        }
        let one = block_on(codec::cbor::from_async_reader_with::<Vec<u8>, _>(Tokio(Trickle::new(&input, &sizes)), &opts));
        prop_assert_eq!(seen(&one), seen(&codec::cbor::from_reader_with::<Vec<u8>>(&input[..], &opts)));
    }
}

// ================================================================ errors and recovery

/// A broken line in the middle is one error item, with the position of its fault; the
/// lines after it still come, and the count of items includes it.
#[test]
fn a_bad_line_mid_stream_is_one_error_item() {
    let text = b"{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"#}\n{\"id\":3,\"name\":\"c\"}\n";
    let opts = Options::new().buffer_size(4);
    let items = values::<Rec>(text, &[1], &opts, true);
    let want: Vec<_> = json::iter_values_slice_with::<Rec>(text, &opts).collect();
    assert_eq!(all_seen(&items), all_seen(&want));
    assert_eq!(items.len(), 3);
    assert_eq!(items[0].as_ref().unwrap().id, 1);
    let e = items[1].as_ref().unwrap_err();
    assert!(e.is_input_error(), "{e}");
    // At the `#`, the 19th byte of the second line.
    assert_eq!((e.item(), e.line(), e.column(), e.offset()), (Some(1), Some(2), Some(19), Some(38)), "{e}");
    assert_eq!(items[2].as_ref().unwrap().id, 3);
}

/// A read failure is the error of the item it cut, and ends the stream.
#[test]
fn a_read_failure_ends_the_stream() {
    struct Fails(usize);
    impl futures::io::AsyncRead for Fails {
        fn poll_read(self: Pin<&mut Self>, _: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
            let this = self.get_mut();
            let bytes = b"1\n2\n[3, ";
            if this.0 == bytes.len() {
                return Poll::Ready(Err(io::Error::new(io::ErrorKind::ConnectionReset, "peer went away")));
            }
            buf[0] = bytes[this.0];
            this.0 += 1;
            Poll::Ready(Ok(1))
        }
    }
    let items = collect(json::iter_values_async::<Value, _>(FuturesIo(Fails(0))));
    assert_eq!(items.len(), 3);
    let e = items[2].as_ref().unwrap_err();
    assert_eq!((e.io_kind(), e.item(), e.line()), (Some(io::ErrorKind::ConnectionReset), Some(2), Some(3)), "{e}");
}

/// `max_value_len` holds over async reads as over blocking ones: the long line is one
/// error, and the stream goes on with the next.
#[test]
fn max_value_len_is_per_item() {
    let text = format!("[1]\n[{}]\n[2]\n", "7,".repeat(100) + "7");
    let opts = Options::new().buffer_size(8).max_value_len(64);
    let got = values::<Vec<u8>>(text.as_bytes(), &[3], &opts, false);
    let want: Vec<_> = json::iter_values_with::<Vec<u8>, _>(text.as_bytes(), &opts).collect();
    assert_eq!(all_seen(&got), all_seen(&want));
    assert!(matches!(got[1].as_ref().unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    assert_eq!(got[2].as_ref().unwrap(), &[2]);
}

// ================================================================ TCP on loopback

#[derive(Codec, Debug, Clone, PartialEq)]
struct Event {
    id: u32,
    kind: String,
}

/// 10,000 JSON Lines over a real socket, from a producer that stops now and then (so the
/// writer flushes what it has and waits): every event arrives, in order.
#[tokio::test]
async fn ten_thousand_lines_over_tcp() {
    const N: u32 = 10_000;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let events = futures::stream::iter(0..N).then(|id| async move {
            if id % 500 == 0 {
                tokio::task::yield_now().await;
            }
            Event { id, kind: format!("k{}", id % 7) }
        });
        json::write_lines_async(Tokio(socket), events).await
    });
    let socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut events = json::iter_values_async::<Event, _>(Tokio(socket));
    let mut next = 0;
    while let Some(event) = events.next().await {
        let event = event.unwrap();
        assert_eq!(event, Event { id: next, kind: format!("k{}", next % 7) });
        next += 1;
    }
    assert_eq!(next, N);
    server.await.unwrap().unwrap();
}

/// A slow peer that writes a few bytes at a time, with a broken line in the middle: one
/// error item at its line, everything else in order.
#[tokio::test]
async fn a_slow_writer_and_a_bad_line_over_tcp() {
    const N: usize = 10_001;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut text = Vec::new();
        for i in 0..N {
            if i == N / 2 {
                text.extend_from_slice(b"{\"id\": 5000, \"kind\": oops}\n");
            } else {
                text.extend_from_slice(format!("{{\"id\": {i}, \"kind\": \"k\"}}\n").as_bytes());
            }
        }
        for (i, piece) in text.chunks(97).enumerate() {
            socket.write_all(piece).await.unwrap();
            if i % 16 == 0 {
                socket.flush().await.unwrap();
                tokio::task::yield_now().await;
            }
        }
        socket.shutdown().await.unwrap();
    });
    let socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let opts = Options::new().buffer_size(256);
    let items: Vec<_> = json::iter_values_async_with::<Event, _>(Tokio(socket), &opts).collect().await;
    assert_eq!(items.len(), N);
    for (i, item) in items.iter().enumerate() {
        match item {
            Ok(e) => assert_eq!(e.id as usize, i),
            Err(e) => {
                assert_eq!(i, N / 2);
                assert_eq!((e.item(), e.line(), e.column()), (Some(i), Some(i + 1), Some(22)), "{e}");
            }
        }
    }
    assert!(items[N / 2].is_err());
    server.await.unwrap();
}

/// The reader goes away mid-stream (its stream dropped): the socket closes, and the
/// writer of an endless stream fails with an I/O error instead of writing forever.
#[tokio::test]
async fn a_dropped_stream_closes_the_socket() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let endless = futures::stream::iter(0u64..).map(|id| Event { id: id as u32, kind: "tick".into() });
        json::write_lines_async(Tokio(socket), endless).await
    });
    let socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut events = json::iter_values_async::<Event, _>(Tokio(socket));
    for id in 0..100 {
        assert_eq!(events.next().await.unwrap().unwrap().id, id);
    }
    drop(events);
    let result = tokio::time::timeout(std::time::Duration::from_secs(30), server).await.expect("the writer stopped");
    let e = result.unwrap().unwrap_err();
    assert!(e.io_kind().is_some(), "{e}");
}

// ================================================================ cancellation

/// A stream dropped after a few items, or while a read is pending, drops its reader
/// (and so closes a socket or a file): nothing is left behind.
#[test]
fn a_dropped_stream_drops_its_reader() {
    let text = b"1\n2\n3\n4\n5\n";
    for taken in [0, 1, 2, 4] {
        let reader = Trickle::new(text, &[1]);
        let dropped = reader.dropped.clone();
        let mut stream = json::iter_values_async::<u8, _>(Tokio(reader));
        for i in 0..taken {
            assert_eq!(block_on(stream.next()).unwrap().unwrap(), i as u8 + 1);
        }
        // One poll that finds the reader not ready: a read is under way.
        let waker = futures::task::noop_waker();
        assert!(Pin::new(&mut stream).poll_next(&mut Context::from_waker(&waker)).is_pending());
        assert_eq!(dropped.load(Ordering::SeqCst), 0);
        drop(stream);
        assert_eq!(dropped.load(Ordering::SeqCst), 1, "after {taken} items");
    }
    // The same for an array's stream and a document's future.
    let reader = Trickle::new(b"[1, 2, 3]", &[1]);
    let dropped = reader.dropped.clone();
    let mut stream = json::iter_array_async::<u8, _>(FuturesIo(reader));
    assert_eq!(block_on(stream.next()).unwrap().unwrap(), 1);
    drop(stream);
    assert_eq!(dropped.load(Ordering::SeqCst), 1);
    let reader = Trickle::new(b"[1, 2, 3]", &[1]);
    let dropped = reader.dropped.clone();
    let mut doc = Box::pin(json::from_async_reader::<Vec<u8>, _>(Tokio(reader)));
    let waker = futures::task::noop_waker();
    assert!(doc.as_mut().poll(&mut Context::from_waker(&waker)).is_pending());
    drop(doc);
    assert_eq!(dropped.load(Ordering::SeqCst), 1);
}

use std::future::Future;

/// The streams are `Unpin` and, over a `Send` reader, `Send` (a tokio task may hold one
/// across an await); the writers' futures are `Send` too.
#[test]
fn streams_are_unpin_and_send() {
    fn unpin_send<S: Unpin + Send>(_: &S) {}
    fn send<F: Future + Send>(_: &F) {}
    let s = json::iter_values_async::<Event, _>(Tokio(Trickle::new(b"", &[1])));
    unpin_send(&s);
    unpin_send(&json::iter_array_async::<Event, _>(FuturesIo(Trickle::new(b"", &[1]))));
    unpin_send(&codec::msgpack::iter_values_async::<Event, _>(Tokio(Trickle::new(b"", &[1]))));
    unpin_send(&codec::cbor::iter_values_async::<Event, _>(Tokio(Trickle::new(b"", &[1]))));
    let f = json::from_async_reader::<Event, _>(Tokio(Trickle::new(b"", &[1])));
    send(&f);
    let mut out = Vec::new();
    let w = json::write_lines_async(Tokio(&mut out), futures::stream::iter([1u8]));
    send(&w);
}

// ================================================================ back-pressure

/// A writer that takes 7 bytes per poll and is not ready in between: `write_lines_async`
/// and `write_array_async` end with exactly the bytes of the blocking `write_lines` and
/// `write_array`, and the producer is never more than one buffer (64 KiB) and an item
/// ahead of what the writer took.
#[test]
fn a_narrow_writer_gets_the_exact_bytes_and_holds_the_producer_back() {
    const N: usize = 20_000;
    // Every line is `"nnnnnnnn"\n`: 11 bytes.
    let item = |i: usize| format!("{i:08}");
    let mut want = Vec::new();
    json::write_lines(&mut want, (0..N).map(item)).unwrap();
    let pulled = Arc::new(AtomicUsize::new(0));
    let counted = pulled.clone();
    let items = futures::stream::iter(0..N).map(move |i| {
        counted.fetch_add(1, Ordering::SeqCst);
        item(i)
    });
    let mut out = Narrow::new(7, pulled, 11);
    block_on(json::write_lines_async(Tokio(&mut out), items)).unwrap();
    assert!(out.out == want, "{} bytes, {} wanted", out.out.len(), want.len());
    assert!(out.most_ahead <= (64 << 10) + 11, "the producer was {} bytes ahead", out.most_ahead);
    assert!(out.flushes >= 1);

    let mut want = Vec::new();
    json::write_array(&mut want, (0..N).map(item)).unwrap();
    let mut out = Narrow::new(5, Arc::new(AtomicUsize::new(0)), 0);
    block_on(json::write_array_async(Tokio(&mut out), futures::stream::iter((0..N).map(item)))).unwrap();
    assert!(out.out == want, "{} bytes, {} wanted", out.out.len(), want.len());
    // An empty array is `[]`.
    let mut out = Narrow::new(1, Arc::new(AtomicUsize::new(0)), 0);
    block_on(json::write_array_async(Tokio(&mut out), futures::stream::iter(Vec::<u8>::new()))).unwrap();
    assert_eq!(out.out, b"[]");
}

/// Items that come one at a time go out one at a time: each line is written and flushed
/// before the writer waits for the next item.
#[test]
fn lines_go_out_as_they_are_made() {
    /// Shares what it was given, and counts flushes.
    #[derive(Clone, Default)]
    struct Shared(Arc<std::sync::Mutex<(Vec<u8>, usize)>>);
    impl codec::io::AsyncSink for Shared {
        fn poll_write_from(&mut self, _: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
            self.0.lock().unwrap().0.extend_from_slice(buf);
            Poll::Ready(Ok(buf.len()))
        }
        fn poll_flush_out(&mut self, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            self.0.lock().unwrap().1 += 1;
            Poll::Ready(Ok(()))
        }
    }
    let (tx, rx) = futures::channel::mpsc::unbounded::<u32>();
    let sink = Shared::default();
    let mut writer = Box::pin(json::write_lines_async(sink.clone(), rx));
    let waker = futures::task::noop_waker();
    let mut cx = Context::from_waker(&waker);
    assert!(writer.as_mut().poll(&mut cx).is_pending());
    let mut want = Vec::new();
    for i in 0..3 {
        tx.unbounded_send(i).unwrap();
        assert!(writer.as_mut().poll(&mut cx).is_pending());
        want.extend_from_slice(format!("{i}\n").as_bytes());
        let (bytes, flushes) = sink.0.lock().unwrap().clone();
        assert_eq!(bytes, want);
        assert_eq!(flushes, i as usize + 2);
    }
    drop(tx);
    assert!(matches!(writer.as_mut().poll(&mut cx), Poll::Ready(Ok(()))));
    assert_eq!(sink.0.lock().unwrap().0, b"0\n1\n2\n");
}

/// An item that fails to encode: the lines before it are written, none of it, and the
/// error is returned.
#[test]
fn an_encoding_error_stops_after_the_lines_before_it() {
    let items = futures::stream::iter([1.0, 2.5, f64::NAN, 4.0]);
    let mut out = Vec::new();
    let e = block_on(json::write_lines_async(Tokio(&mut out), items)).unwrap_err();
    assert!(!e.is_input_error(), "{e}");
    assert_eq!(out, b"1.0\n2.5\n");
}

/// A reader that is not ready before every byte: the stream waits, never spins or
/// reports a partial item, and decodes each value as soon as its last byte is there.
#[test]
fn a_reader_not_ready_between_bytes() {
    let text = b"{\"id\": 7, \"name\": \"seven\"}\n[1, 2]\n";
    let mut stream = json::iter_values_async::<Value, _>(Tokio(Trickle::new(text, &[1])));
    let waker = futures::task::noop_waker();
    let mut cx = Context::from_waker(&waker);
    let mut pending = 0;
    let mut items = Vec::new();
    loop {
        match Pin::new(&mut stream).poll_next(&mut cx) {
            Poll::Pending => pending += 1,
            Poll::Ready(Some(item)) => items.push(item.unwrap()),
            Poll::Ready(None) => break,
        }
    }
    assert_eq!(items.len(), 2);
    assert_eq!(items[1], json::from_slice::<Value>(b"[1, 2]").unwrap());
    // One `Pending` per byte read (and one before the end of the stream).
    assert_eq!(pending, text.len() + 1);
}
