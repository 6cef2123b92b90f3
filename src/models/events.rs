//! `events`: a generated dataset of service events, the shapes real models have beyond
//! std types: UUIDs, timestamps (UTC and with an offset), decimal money, an internally
//! tagged enum of event kinds, a unit enum written as its numeric code, and optional
//! fields. [`generate`] makes about a megabyte of them from a fixed seed, so every run and
//! every contender sees the same document. codec reads each field type natively (features `uuid`, `chrono`,
//! `rust_decimal`); its peers go through each crate's own serde impl.

use std::collections::BTreeMap;
use std::net::IpAddr;

use chrono::{DateTime, FixedOffset, TimeZone, Utc};
use codec::Codec;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_repr::{Deserialize_repr, Serialize_repr};
use uuid::Uuid;

use crate::rng::Rng;

/// The document: one array of events.
pub type Events = Vec<Event>;

/// One event of a service's log.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Event {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    /// When the client says it happened, in its own offset.
    pub client_at: Option<DateTime<FixedOffset>>,
    pub account: Uuid,
    pub kind: Kind,
    pub status: Status,
    pub amount: Decimal,
    pub currency: Currency,
    pub tags: Vec<String>,
    pub attributes: BTreeMap<String, String>,
}

/// What happened: internally tagged, as event payloads usually are.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[codec(tag = "type", rename_all = "snake_case")]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Kind {
    Purchase { sku: String, quantity: u32, unit_price: Decimal },
    Refund { original: Uuid, reason: Option<String> },
    Login { ip: IpAddr, user_agent: String },
    Logout,
}

/// How it went: a numeric code on the wire (`#[codec(repr = "int")]`, serde_repr for the
/// peers).
#[derive(Codec, Serialize_repr, Deserialize_repr, Debug, PartialEq, Eq, Clone, Copy)]
#[codec(repr = "int")]
#[repr(u16)]
pub enum Status {
    Ok = 200,
    Declined = 402,
    Pending = 202,
    Failed = 500,
}

/// ISO 4217 codes.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub enum Currency {
    EUR,
    USD,
    JPY,
    CHF,
}

/// The dataset's own draws, over the shared generator: the dataset is the same everywhere.
impl Rng {
    fn uuid(&mut self) -> Uuid {
        uuid::Builder::from_random_bytes(((u128::from(self.next()) << 64) | u128::from(self.next())).to_le_bytes())
            .into_uuid()
    }

    fn word(&mut self) -> String {
        const WORDS: [&str; 12] =
            ["alpha", "beta", "gamma", "delta", "north", "south", "mobile", "web", "promo", "retry", "eu", "us"];
        WORDS[self.below(WORDS.len() as u64) as usize].to_string()
    }

    fn money(&mut self) -> Decimal {
        // Cents, and sometimes a finer scale, as prices and exchange amounts have.
        let scale = [2, 2, 2, 0, 4][self.below(5) as usize];
        Decimal::new(self.below(10_000_000) as i64 - 1_000_000, scale)
    }
}

/// Events until their compact JSON is at least `min_len` bytes long.
pub fn generate(min_len: usize) -> Events {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut events = Vec::new();
    let mut len = 2;
    let start = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
    while len < min_len {
        let at = start
            + chrono::TimeDelta::milliseconds(rng.below(365 * 86_400_000) as i64)
            + chrono::TimeDelta::nanoseconds(rng.below(1000) as i64 * 1000);
        let client_at = (rng.below(3) > 0).then(|| {
            let offset = FixedOffset::east_opt((rng.below(26 * 4) as i32 - 12 * 4) * 900).unwrap();
            (at - chrono::TimeDelta::milliseconds(rng.below(5000) as i64)).with_timezone(&offset)
        });
        let kind = match rng.below(4) {
            0 => Kind::Purchase {
                sku: format!("SKU-{:06}", rng.below(1_000_000)),
                quantity: 1 + rng.below(9) as u32,
                unit_price: rng.money(),
            },
            1 => Kind::Refund { original: rng.uuid(), reason: (rng.below(2) == 0).then(|| rng.word()) },
            2 => Kind::Login {
                ip: if rng.below(4) == 0 {
                    IpAddr::from((u128::from(rng.next()) << 64 | u128::from(rng.next())).to_be_bytes())
                } else {
                    IpAddr::from((rng.next() as u32).to_be_bytes())
                },
                user_agent: format!("client/{}.{} ({})", rng.below(10), rng.below(100), rng.word()),
            },
            _ => Kind::Logout,
        };
        let event = Event {
            id: rng.uuid(),
            at,
            client_at,
            account: rng.uuid(),
            kind,
            status: [Status::Ok, Status::Ok, Status::Ok, Status::Declined, Status::Pending, Status::Failed]
                [rng.below(6) as usize],
            amount: rng.money(),
            currency: [Currency::EUR, Currency::USD, Currency::JPY, Currency::CHF][rng.below(4) as usize],
            tags: (0..rng.below(4)).map(|_| rng.word()).collect(),
            attributes: (0..rng.below(3)).map(|_| (rng.word(), rng.word())).collect(),
        };
        len += codec::json::to_vec(&event).map_or(0, |bytes| bytes.len() + 1);
        events.push(event);
    }
    events
}
