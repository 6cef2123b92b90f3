//! The MessagePack writer: a growable byte buffer with typed appends, each in the
//! smallest form the spec allows.
//!
//! Generated code writes each field's key as one byte literal made at macro time (the str
//! header and the name), and a struct's map header as a literal too when no field is
//! conditional.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};

/// The buffer every [`Encode`](crate::Encode) impl writes MessagePack to.
///
/// ```
/// use codec::msgpack::MsgpackWriter;
/// let mut w = MsgpackWriter::new();
/// w.write_map_len(2)?;
/// w.write_str("n")?;
/// w.write_i64(-3);
/// w.write_str("s")?;
/// w.write_bin(&[0xff])?;
/// assert_eq!(w.as_bytes(), b"\x82\xa1n\xfd\xa1s\xc4\x01\xff");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Default, Clone)]
pub struct MsgpackWriter {
    buf: Vec<u8>,
}

#[cold]
#[inline(never)]
fn too_long(what: &'static str, len: usize) -> Error {
    Error::without_position(ErrorKind::SizeLimit(Cow::Owned(format!(
        "{what} of {len} does not fit a MessagePack length (at most 4294967295)"
    ))))
}

impl MsgpackWriter {
    /// An empty writer.
    ///
    /// ```
    /// assert!(codec::msgpack::MsgpackWriter::new().as_bytes().is_empty());
    /// ```
    pub fn new() -> Self {
        MsgpackWriter { buf: Vec::new() }
    }

    /// Writes into (the end of) an existing buffer, reusing its capacity.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::from_vec(vec![0xc0]);
    /// w.write_bool(true);
    /// assert_eq!(w.into_inner(), [0xc0, 0xc3]);
    /// ```
    pub fn from_vec(buf: Vec<u8>) -> Self {
        MsgpackWriter { buf }
    }

    /// An empty writer with room for `capacity` bytes.
    ///
    /// ```
    /// let w = codec::msgpack::MsgpackWriter::with_capacity(64);
    /// assert!(w.as_bytes().is_empty());
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        MsgpackWriter { buf: Vec::with_capacity(capacity) }
    }

    /// The bytes written so far.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_nil();
    /// assert_eq!(w.as_bytes(), [0xc0]);
    /// ```
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// How many bytes were written so far.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(300);
    /// assert_eq!(w.len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing was written yet.
    ///
    /// ```
    /// assert!(codec::msgpack::MsgpackWriter::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Gives the buffer back.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(1);
    /// assert_eq!(w.into_inner(), [1]);
    /// ```
    #[inline]
    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }

    /// Empties the buffer, keeping its capacity for the next document.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(1);
    /// w.clear();
    /// assert!(w.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.buf.clear();
    }

    /// Makes room for `additional` more bytes.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.reserve(100);
    /// assert!(w.is_empty());
    /// ```
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.buf.reserve(additional);
    }

    /// Appends bytes that are already MessagePack (a pre-encoded key, a whole value).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_raw(b"\xa2id");
    /// assert_eq!(w.as_bytes(), b"\xa2id");
    /// ```
    #[inline(always)]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Appends one byte.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_byte(0x90);
    /// assert_eq!(w.as_bytes(), [0x90]);
    /// ```
    #[inline(always)]
    pub fn write_byte(&mut self, b: u8) {
        self.buf.push(b);
    }

    /// Appends `nil`.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_nil();
    /// assert_eq!(w.as_bytes(), [0xc0]);
    /// ```
    #[inline]
    pub fn write_nil(&mut self) {
        self.buf.push(0xc0);
    }

    /// Appends `true` or `false`.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_bool(false);
    /// assert_eq!(w.as_bytes(), [0xc2]);
    /// ```
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.buf.push(if v { 0xc3 } else { 0xc2 });
    }

    /// Appends an unsigned integer in its smallest form: positive fixint, uint 8, 16, 32
    /// or 64.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(127);
    /// w.write_u64(128);
    /// w.write_u64(65536);
    /// assert_eq!(w.as_bytes(), b"\x7f\xcc\x80\xce\x00\x01\x00\x00");
    /// ```
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        if v < 0x80 {
            self.buf.push(v as u8);
        } else if v <= 0xff {
            self.buf.extend_from_slice(&[0xcc, v as u8]);
        } else if v <= 0xffff {
            let b = (v as u16).to_be_bytes();
            self.buf.extend_from_slice(&[0xcd, b[0], b[1]]);
        } else if v <= 0xffff_ffff {
            let b = (v as u32).to_be_bytes();
            self.buf.extend_from_slice(&[0xce, b[0], b[1], b[2], b[3]]);
        } else {
            let b = v.to_be_bytes();
            self.buf.extend_from_slice(&[0xcf, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
    }

    /// Appends a signed integer in its smallest form: a non-negative value as by
    /// [`write_u64`](Self::write_u64), a negative one as negative fixint, int 8, 16, 32 or
    /// 64.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_i64(5);
    /// w.write_i64(-32);
    /// w.write_i64(-33);
    /// assert_eq!(w.as_bytes(), b"\x05\xe0\xd0\xdf");
    /// ```
    #[inline]
    pub fn write_i64(&mut self, v: i64) {
        if v >= 0 {
            self.write_u64(v as u64);
        } else if v >= -32 {
            self.buf.push(v as u8);
        } else if v >= i8::MIN as i64 {
            self.buf.extend_from_slice(&[0xd0, v as u8]);
        } else if v >= i16::MIN as i64 {
            let b = (v as i16).to_be_bytes();
            self.buf.extend_from_slice(&[0xd1, b[0], b[1]]);
        } else if v >= i32::MIN as i64 {
            let b = (v as i32).to_be_bytes();
            self.buf.extend_from_slice(&[0xd2, b[0], b[1], b[2], b[3]]);
        } else {
            let b = v.to_be_bytes();
            self.buf.extend_from_slice(&[0xd3, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
    }

    /// Appends a `u128`: as an integer when it fits 64 bits, else as a 16-byte big-endian
    /// bin (as rmp-serde writes every 128-bit integer).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u128(1);
    /// w.write_u128(u128::MAX);
    /// assert_eq!(&w.as_bytes()[..3], b"\x01\xc4\x10");
    /// assert_eq!(w.len(), 1 + 2 + 16);
    /// ```
    #[inline]
    pub fn write_u128(&mut self, v: u128) {
        match u64::try_from(v) {
            Ok(v) => self.write_u64(v),
            Err(_) => self.write_bin16(v.to_be_bytes()),
        }
    }

    /// Appends an `i128`: as an integer when it fits 64 bits, else as a 16-byte big-endian
    /// two's complement bin.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_i128(-1);
    /// w.write_i128(i128::MIN);
    /// assert_eq!(&w.as_bytes()[..3], b"\xff\xc4\x10");
    /// ```
    #[inline]
    pub fn write_i128(&mut self, v: i128) {
        match i64::try_from(v) {
            Ok(v) => self.write_i64(v),
            Err(_) => self.write_bin16(v.to_be_bytes()),
        }
    }

    fn write_bin16(&mut self, bytes: [u8; 16]) {
        self.buf.extend_from_slice(&[0xc4, 16]);
        self.buf.extend_from_slice(&bytes);
    }

    /// Appends a float 32 (NaN and the infinities included).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_f32(0.5);
    /// assert_eq!(w.as_bytes(), b"\xca\x3f\x00\x00\x00");
    /// ```
    #[inline]
    pub fn write_f32(&mut self, v: f32) {
        let b = v.to_bits().to_be_bytes();
        self.buf.extend_from_slice(&[0xca, b[0], b[1], b[2], b[3]]);
    }

    /// Appends a float 64 (NaN and the infinities included).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_f64(-0.5);
    /// assert_eq!(w.as_bytes(), b"\xcb\xbf\xe0\x00\x00\x00\x00\x00\x00");
    /// ```
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        let b = v.to_bits().to_be_bytes();
        self.buf.extend_from_slice(&[0xcb, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    }

    /// Appends a length prefix: the fix form `fix | len` below `fix_max`, else the 8-bit
    /// (when `op8` is given), 16-bit or 32-bit form.
    #[inline(always)]
    fn write_len(
        &mut self,
        len: usize,
        fix: u8,
        fix_max: usize,
        op8: Option<u8>,
        op16: u8,
        what: &'static str,
    ) -> Result<()> {
        if len <= fix_max {
            self.buf.push(fix | len as u8);
        } else if let (Some(op8), true) = (op8, len <= 0xff) {
            self.buf.extend_from_slice(&[op8, len as u8]);
        } else if len <= 0xffff {
            let b = (len as u16).to_be_bytes();
            self.buf.extend_from_slice(&[op16, b[0], b[1]]);
        } else if len <= 0xffff_ffff {
            let b = (len as u32).to_be_bytes();
            self.buf.extend_from_slice(&[op16 + 1, b[0], b[1], b[2], b[3]]);
        } else {
            return Err(too_long(what, len));
        }
        Ok(())
    }

    /// Appends `s` as a str (fixstr, str 8, 16 or 32).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_str("hi")?;
    /// w.write_str(&"x".repeat(32))?;
    /// assert_eq!(&w.as_bytes()[..5], b"\xa2hi\xd9\x20");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        self.buf.reserve(s.len() + 5);
        self.write_len(s.len(), 0xa0, 31, Some(0xd9), 0xda, "a string")?;
        self.buf.extend_from_slice(s.as_bytes());
        Ok(())
    }

    /// Appends `bytes` as a bin (bin 8, 16 or 32).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_bin(b"")?;
    /// assert_eq!(w.as_bytes(), b"\xc4\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_bin(&mut self, bytes: &[u8]) -> Result<()> {
        self.buf.reserve(bytes.len() + 5);
        // bin has no fix form: bin 8 here, bin 16 or 32 through `write_len`.
        if bytes.len() <= 0xff {
            self.buf.extend_from_slice(&[0xc4, bytes.len() as u8]);
        } else {
            self.write_len(bytes.len(), 0, 0, None, 0xc5, "a bin")?;
        }
        self.buf.extend_from_slice(bytes);
        Ok(())
    }

    /// Appends an array header for `len` elements (fixarray, array 16 or 32); the
    /// elements follow.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_array_len(2)?;
    /// w.write_array_len(16)?;
    /// assert_eq!(w.as_bytes(), b"\x92\xdc\x00\x10");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_array_len(&mut self, len: usize) -> Result<()> {
        self.write_len(len, 0x90, 15, None, 0xdc, "an array")
    }

    /// Appends a map header for `len` entries (fixmap, map 16 or 32); the keys and values
    /// follow.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_map_len(0)?;
    /// w.write_map_len(65536)?;
    /// assert_eq!(w.as_bytes(), b"\x80\xdf\x00\x01\x00\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_map_len(&mut self, len: usize) -> Result<()> {
        self.write_len(len, 0x80, 15, None, 0xde, "a map")
    }

    /// Appends an extension value of type `tag`: fixext 1, 2, 4, 8 or 16 when the payload
    /// has one of those sizes, else ext 8, 16 or 32. Types 0 to 127 are the application's;
    /// negative ones are reserved by the spec (-1 is the timestamp).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_ext(1, &[0x10])?;
    /// w.write_ext(7, &[1, 2, 3])?;
    /// assert_eq!(w.as_bytes(), b"\xd4\x01\x10\xc7\x03\x07\x01\x02\x03");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn write_ext(&mut self, tag: i8, data: &[u8]) -> Result<()> {
        self.buf.reserve(data.len() + 6);
        match data.len() {
            1 => self.buf.push(0xd4),
            2 => self.buf.push(0xd5),
            4 => self.buf.push(0xd6),
            8 => self.buf.push(0xd7),
            16 => self.buf.push(0xd8),
            len if len <= 0xff => self.buf.extend_from_slice(&[0xc7, len as u8]),
            len => self.write_len(len, 0, 0, None, 0xc8, "an ext")?,
        }
        self.buf.push(tag as u8);
        self.buf.extend_from_slice(data);
        Ok(())
    }

    /// Reserves one byte for a map header whose entry count is not known yet, and returns
    /// where it is; [`patch_map_len`](Self::patch_map_len) fills it in. How generated code
    /// writes a struct whose entries depend on `skip_encoding_if` or `flatten`.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// let at = w.map_placeholder();
    /// w.write_raw(b"\xa1a\x01");
    /// w.patch_map_len(at, 1)?;
    /// assert_eq!(w.as_bytes(), b"\x81\xa1a\x01");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn map_placeholder(&mut self) -> usize {
        self.buf.push(0x80);
        self.buf.len() - 1
    }

    /// Writes the header of a map of `len` entries at `at`, the placeholder that
    /// [`map_placeholder`](Self::map_placeholder) returned: in place when `len` fits a
    /// fixmap, else by moving the entries to make room for the longer header.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// let at = w.map_placeholder();
    /// for i in 0..16u64 {
    ///     w.write_u64(i);
    ///     w.write_nil();
    /// }
    /// w.patch_map_len(at, 16)?;
    /// assert_eq!(&w.as_bytes()[..4], b"\xde\x00\x10\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn patch_map_len(&mut self, at: usize, len: usize) -> Result<()> {
        if len <= 15 {
            self.buf[at] = 0x80 | len as u8;
            Ok(())
        } else {
            self.widen_map_header(at, len)
        }
    }

    #[cold]
    #[inline(never)]
    fn widen_map_header(&mut self, at: usize, len: usize) -> Result<()> {
        let mut header = MsgpackWriter::new();
        header.write_map_len(len)?;
        self.buf.splice(at..at + 1, header.buf);
        Ok(())
    }
}
