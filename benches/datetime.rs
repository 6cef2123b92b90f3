//! Date/time integrations (and the UUID, the other string form codec parses itself):
//! codec's own scanner and printer against the crates' parsers and serde impls, per value.
//!
//! Groups `decode/<type>` and `encode/<type>` over 1,000 values spread over the years
//! 1900..2100 with varied fractions and offsets, as JSON strings:
//! - `codec`: `codec::json::from_slice` / `to_vec` of the value (the quoted string);
//! - `serde_json`: the same through the crate's serde impl;
//! - `parse` (decode only): the crate's own `FromStr` (chrono, jiff) on the bare text,
//!   which is what the serde impls call and what codec's scan replaces.
//!
//! Before timing, every contender's values are checked equal. Run with
//! `cargo bench --bench datetime`; throughput is in values per second (criterion prints
//! the time per 1,000 values).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const N: u64 = 1_000;

/// Deterministic spread of instants: seconds from 1900 to 2100 and nanoseconds.
fn instants() -> Vec<(i64, u32)> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..N)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let secs = -2_208_988_800 + (x % 6_311_433_600) as i64;
            let nanos = match x % 4 {
                0 => 0,
                1 => (x >> 20) as u32 % 1_000 * 1_000_000,
                _ => (x >> 20) as u32 % 1_000_000_000,
            };
            (secs, nanos)
        })
        .collect()
}

fn group<T, P>(c: &mut Criterion, name: &str, values: &[T], parse: Option<P>)
where
    T: codec::Encode
        + for<'de> codec::Decode<'de>
        + serde::Serialize
        + serde::de::DeserializeOwned
        + PartialEq
        + std::fmt::Debug,
    P: Fn(&str) -> T,
{
    let jsons: Vec<String> = values.iter().map(|v| serde_json::to_string(v).unwrap()).collect();
    let texts: Vec<String> = jsons.iter().map(|j| serde_json::from_str(j).unwrap()).collect();
    for (j, v) in jsons.iter().zip(values) {
        assert_eq!(&codec::json::from_slice::<T>(j.as_bytes()).unwrap(), v);
        assert_eq!(codec::json::to_vec(v).unwrap(), j.as_bytes());
    }
    if let Some(parse) = &parse {
        for (t, v) in texts.iter().zip(values) {
            assert_eq!(&parse(t), v);
        }
    }

    let mut g = c.benchmark_group(format!("decode/{name}"));
    g.throughput(Throughput::Elements(N));
    g.bench_function("codec", |b| {
        b.iter(|| {
            for j in &jsons {
                black_box(codec::json::from_slice::<T>(black_box(j.as_bytes())).unwrap());
            }
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            for j in &jsons {
                black_box(serde_json::from_slice::<T>(black_box(j.as_bytes())).unwrap());
            }
        })
    });
    if let Some(parse) = &parse {
        g.bench_function("parse", |b| {
            b.iter(|| {
                for t in &texts {
                    black_box(parse(black_box(t)));
                }
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group(format!("encode/{name}"));
    g.throughput(Throughput::Elements(N));
    let mut out = Vec::with_capacity(64);
    g.bench_function("codec", |b| {
        b.iter(|| {
            for v in values {
                out.clear();
                let mut w = codec::json::JsonWriter::from_vec(std::mem::take(&mut out));
                codec::Encode::encode(black_box(v), &mut w).unwrap();
                out = w.into_inner();
                black_box(&out);
            }
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            for v in values {
                out.clear();
                serde_json::to_writer(&mut out, black_box(v)).unwrap();
                black_box(&out);
            }
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let at = instants();
    let offset = |i: usize| (i as i32 % 57 - 28) * 1800;

    let chrono_utc: Vec<chrono::DateTime<chrono::Utc>> =
        at.iter().map(|&(s, n)| chrono::DateTime::from_timestamp(s, n).unwrap()).collect();
    group(
        c,
        "chrono_DateTime_Utc",
        &chrono_utc,
        Some(|s: &str| s.parse::<chrono::DateTime<chrono::FixedOffset>>().unwrap().to_utc()),
    );
    let chrono_fixed: Vec<_> = chrono_utc
        .iter()
        .enumerate()
        .map(|(i, t)| t.with_timezone(&chrono::FixedOffset::east_opt(offset(i)).unwrap()))
        .collect();
    group(
        c,
        "chrono_DateTime_FixedOffset",
        &chrono_fixed,
        Some(|s: &str| s.parse::<chrono::DateTime<chrono::FixedOffset>>().unwrap()),
    );
    let dates: Vec<_> = chrono_utc.iter().map(|t| t.date_naive()).collect();
    group(c, "chrono_NaiveDate", &dates, Some(|s: &str| s.parse::<chrono::NaiveDate>().unwrap()));

    let time_odt: Vec<time::OffsetDateTime> = at
        .iter()
        .enumerate()
        .map(|(i, &(s, n))| {
            let utc = time::OffsetDateTime::from_unix_timestamp_nanos(s as i128 * 1_000_000_000 + n as i128).unwrap();
            utc.to_offset(time::UtcOffset::from_whole_seconds(offset(i)).unwrap())
        })
        .collect();
    group(c, "time_OffsetDateTime", &time_odt, None::<fn(&str) -> time::OffsetDateTime>);

    let jiff_ts: Vec<jiff::Timestamp> = at.iter().map(|&(s, n)| jiff::Timestamp::new(s, n as i32).unwrap()).collect();
    group(c, "jiff_Timestamp", &jiff_ts, Some(|s: &str| s.parse::<jiff::Timestamp>().unwrap()));
    let jiff_dt: Vec<_> = jiff_ts.iter().map(|t| jiff::tz::Offset::UTC.to_datetime(*t)).collect();
    group(c, "jiff_civil_DateTime", &jiff_dt, Some(|s: &str| s.parse::<jiff::civil::DateTime>().unwrap()));

    // Not a date, but a string form with a parser of codec's own all the same: the UUID
    // (`impls/ext/uuid.rs`), against `Uuid::parse_str`, which uuid's serde impl calls.
    let ids: Vec<uuid::Uuid> = at
        .iter()
        .map(|&(s, n)| {
            uuid::Uuid::from_u128((s as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) ^ n as u128)
        })
        .collect();
    group(c, "uuid_Uuid", &ids, Some(|s: &str| uuid::Uuid::parse_str(s).unwrap()));
}

criterion_group! {
    name = datetime;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(datetime);
