//! `codec::sqlx::Json<T>` against a real PostgreSQL server: the benchmark models through
//! `json` and `jsonb` columns and back, a borrowed decode from the row, SQL `NULL`, a
//! malformed stored value, a filter on a jsonb field with a codec-encoded parameter,
//! `jsonb`'s binary form (its version byte) and the text format.
//!
//! The server's URL is `CODEC_TEST_POSTGRES`; `scripts/postgres.sh start` starts a
//! throwaway server and prints it (`.ci/run` does so before the tests). Without the
//! variable every test fails: none is skipped. Each test has its own connection and
//! its own temporary tables (gone with the connection), so the tests run in parallel.

use codec::sqlx::Json;
use codec_tests::data;
use codec_tests::models::{events, twitter};
use sqlx::postgres::{PgConnection, PgValueFormat};
use sqlx::{Connection, Row, TypeInfo, ValueRef};

/// A connection to the test server of `CODEC_TEST_POSTGRES`.
async fn connect() -> PgConnection {
    let url = std::env::var("CODEC_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "CODEC_TEST_POSTGRES is not set: these tests need a PostgreSQL server; start one with \
             `eval \"$(scripts/postgres.sh start)\"` (and `scripts/postgres.sh stop` afterwards)"
        )
    });
    PgConnection::connect(&url).await.unwrap_or_else(|e| panic!("cannot connect to {url} (CODEC_TEST_POSTGRES): {e}"))
}

/// The codec error inside a sqlx `ColumnDecode` error, its source.
fn codec_error(err: &sqlx::Error) -> &codec::Error {
    let source = std::error::Error::source(err).unwrap_or_else(|| panic!("{err:?} has no source"));
    source.downcast_ref::<codec::Error>().unwrap_or_else(|| panic!("the source of {err:?} is not a codec::Error"))
}

#[tokio::test]
async fn twitter_round_trips_through_json_and_jsonb_columns() {
    let mut conn = connect().await;
    let doc: twitter::Twitter = codec::json::from_slice(&data("json-benchmark/twitter.json")).unwrap();
    sqlx::query("CREATE TEMP TABLE twitter_docs (j json NOT NULL, jb jsonb NOT NULL)")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("INSERT INTO twitter_docs (j, jb) VALUES ($1, $2)")
        .bind(Json(&doc))
        .bind(Json(&doc))
        .execute(&mut conn)
        .await
        .unwrap();

    let (Json(from_json), Json(from_jsonb)): (Json<twitter::Twitter>, Json<twitter::Twitter>) =
        sqlx::query_as("SELECT j, jb FROM twitter_docs").fetch_one(&mut conn).await.unwrap();
    assert!(from_json == doc, "the json column decodes to another document");
    assert!(from_jsonb == doc, "the jsonb column decodes to another document");

    // The server parsed what codec wrote: a field read in SQL is the value in Rust.
    let (count, max_id): (i32, i64) = sqlx::query_as(
        "SELECT jsonb_array_length(jb->'statuses'), (jb->'search_metadata'->>'max_id')::bigint FROM twitter_docs",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(count as usize, doc.statuses.len());
    assert_eq!(max_id as u64, doc.search_metadata.max_id);
}

#[tokio::test]
async fn borrowed_twitter_borrows_from_the_row() {
    let mut conn = connect().await;
    let owned: twitter::Twitter = codec::json::from_slice(&data("json-benchmark/twitter.json")).unwrap();
    sqlx::query("CREATE TEMP TABLE twitter_borrowed (j json NOT NULL, jb jsonb NOT NULL)")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("INSERT INTO twitter_borrowed (j, jb) VALUES ($1, $1)")
        .bind(Json(&owned))
        .execute(&mut conn)
        .await
        .unwrap();
    let row = sqlx::query("SELECT j, jb FROM twitter_borrowed").fetch_one(&mut conn).await.unwrap();

    for column in ["j", "jb"] {
        let Json(borrowed): Json<twitter::borrowed::Twitter<'_>> = row.try_get(column).unwrap();
        // The same document: the borrowed model's encoding is the owned one's.
        assert_eq!(codec::json::to_vec(&borrowed).unwrap(), codec::json::to_vec(&owned).unwrap(), "{column}");

        // `created_at: &str` points into the row's own bytes.
        let raw = row.try_get_raw(column).unwrap().as_bytes().unwrap().as_ptr_range();
        let created_at = borrowed.statuses[0].created_at.as_bytes().as_ptr_range();
        assert!(
            raw.start <= created_at.start && created_at.end <= raw.end,
            "{column}: `created_at` is not a slice of the row"
        );
        // PostgreSQL writes non-ASCII text unescaped, so the `Cow` texts borrow too.
        let borrowed_texts =
            borrowed.statuses.iter().filter(|s| matches!(s.text, std::borrow::Cow::Borrowed(_))).count();
        assert!(borrowed_texts > 50, "{column}: {borrowed_texts} of 100 texts borrow");
    }
}

/// The events model, one row each, written in one statement as a `jsonb[]` parameter;
/// filtered in SQL on a jsonb field, and with `@>` and a codec-encoded parameter.
#[tokio::test]
async fn events_rows_and_jsonb_filters() {
    let mut conn = connect().await;
    let events = events::generate(64 << 10);
    assert!(events.len() > 100, "{} events", events.len());
    sqlx::query("CREATE TEMP TABLE events_rows (n bigserial PRIMARY KEY, doc jsonb NOT NULL)")
        .execute(&mut conn)
        .await
        .unwrap();
    let params: Vec<Json<&events::Event>> = events.iter().map(Json).collect();
    let inserted = sqlx::query("INSERT INTO events_rows (doc) SELECT * FROM unnest($1::jsonb[])")
        .bind(&params)
        .execute(&mut conn)
        .await
        .unwrap();
    assert_eq!(inserted.rows_affected() as usize, events.len());

    // Row by row, in order.
    let rows: Vec<(Json<events::Event>,)> =
        sqlx::query_as("SELECT doc FROM events_rows ORDER BY n").fetch_all(&mut conn).await.unwrap();
    assert_eq!(rows.len(), events.len());
    for (i, ((Json(back),), event)) in rows.iter().zip(&events).enumerate() {
        assert_eq!(back, event, "event {i}");
    }
    // All of them as one `jsonb[]` column.
    let (all,): (Vec<Json<events::Event>>,) =
        sqlx::query_as("SELECT array_agg(doc ORDER BY n) FROM events_rows").fetch_one(&mut conn).await.unwrap();
    let all: Vec<events::Event> = all.into_iter().map(Json::into_inner).collect();
    assert_eq!(all, events);

    // A field of the internally tagged enum, as text.
    let logins: Vec<Json<events::Event>> =
        sqlx::query_scalar("SELECT doc FROM events_rows WHERE doc->'kind'->>'type' = $1 ORDER BY n")
            .bind("login")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let expected: Vec<&events::Event> =
        events.iter().filter(|e| matches!(e.kind, events::Kind::Login { .. })).collect();
    assert!(!expected.is_empty() && expected.len() < events.len(), "{} logins", expected.len());
    assert_eq!(logins.iter().map(|Json(e)| e).collect::<Vec<_>>(), expected);

    // Containment with a codec-encoded document: the numeric status and the currency.
    #[derive(codec::Codec)]
    struct Filter {
        status: events::Status,
        currency: events::Currency,
    }
    let filter = Filter { status: events::Status::Declined, currency: events::Currency::EUR };
    let found: Vec<Json<events::Event>> = sqlx::query_scalar("SELECT doc FROM events_rows WHERE doc @> $1 ORDER BY n")
        .bind(Json(&filter))
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let expected: Vec<&events::Event> =
        events.iter().filter(|e| e.status == events::Status::Declined && e.currency == events::Currency::EUR).collect();
    assert!(!expected.is_empty() && expected.len() < events.len(), "{} declined in EUR", expected.len());
    assert_eq!(found.iter().map(|Json(e)| e).collect::<Vec<_>>(), expected);
}

#[derive(codec::Codec, Debug, PartialEq)]
struct Doc {
    id: u64,
    name: String,
}

#[tokio::test]
async fn sql_null_is_none_both_ways() {
    let mut conn = connect().await;
    sqlx::query("CREATE TEMP TABLE nullable_docs (n int PRIMARY KEY, doc jsonb)").execute(&mut conn).await.unwrap();
    let some = Doc { id: 1, name: "one".into() };
    for (n, doc) in [(1, None), (2, Some(Json(&some)))] {
        sqlx::query("INSERT INTO nullable_docs VALUES ($1, $2)").bind(n).bind(doc).execute(&mut conn).await.unwrap();
    }
    let rows: Vec<(bool, Option<Json<Doc>>)> =
        sqlx::query_as("SELECT doc IS NULL, doc FROM nullable_docs ORDER BY n").fetch_all(&mut conn).await.unwrap();
    assert_eq!(rows, [(true, None), (false, Some(Json(Doc { id: 1, name: "one".into() })))]);

    // A NULL read as a bare `Json<T>` is sqlx's unexpected-null error, naming the column.
    let row = sqlx::query("SELECT doc FROM nullable_docs WHERE n = 1").fetch_one(&mut conn).await.unwrap();
    let err = row.try_get::<Json<Doc>, _>("doc").unwrap_err();
    assert!(
        matches!(&err, sqlx::Error::ColumnDecode { index, source } if index == "\"doc\"" && source.is::<sqlx::error::UnexpectedNullError>()),
        "{err:?}"
    );

    // JSON's `null` is a value, not SQL NULL: `Json<Option<T>>`.
    let (is_sql_null, Json(inner)): (bool, Json<Option<Doc>>) =
        sqlx::query_as("SELECT 'null'::jsonb IS NULL, 'null'::jsonb").fetch_one(&mut conn).await.unwrap();
    assert!(!is_sql_null);
    assert_eq!(inner, None);
}

#[tokio::test]
async fn malformed_value_names_the_column_and_the_path() {
    let mut conn = connect().await;
    sqlx::query("CREATE TEMP TABLE malformed_docs (j json NOT NULL, jb jsonb NOT NULL)")
        .execute(&mut conn)
        .await
        .unwrap();
    // Valid JSON, the wrong type for `Doc::id`; stored as SQL text, not through codec.
    sqlx::query(r#"INSERT INTO malformed_docs VALUES ('{"name":"a","id":"x"}', '{"name":"a","id":"x"}')"#)
        .execute(&mut conn)
        .await
        .unwrap();
    let row =
        sqlx::query("SELECT j AS settings, jb AS settings_b FROM malformed_docs").fetch_one(&mut conn).await.unwrap();

    // json: the text as stored. jsonb: PostgreSQL's own rendering after the version byte,
    // keys sorted by length then bytes (`id` first) and a space after `:` and `,`.
    for (column, line, col) in [("settings", 1, 18), ("settings_b", 1, 8)] {
        let err = row.try_get::<Json<Doc>, _>(column).unwrap_err();
        let sqlx::Error::ColumnDecode { index, .. } = &err else { panic!("{column}: {err:?}") };
        assert_eq!(index, &format!("{column:?}"));
        let message = err.to_string();
        assert!(message.contains(&format!("\"{column}\"")), "the message names the column: {message}");
        let codec_err = codec_error(&err);
        assert_eq!(codec_err.path(), ".id", "{column}: {codec_err}");
        assert_eq!((codec_err.line(), codec_err.column()), (Some(line), Some(col)), "{column}: {codec_err}");
        assert!(message.contains(".id"), "the message carries codec's path: {message}");
    }

    // The same error through `query_as`.
    let err = sqlx::query_as::<_, (Json<Doc>,)>("SELECT j FROM malformed_docs").fetch_one(&mut conn).await.unwrap_err();
    assert_eq!(codec_error(&err).path(), ".id");

    // Another column type is sqlx's mismatched-type error, before codec sees anything.
    let row = sqlx::query("SELECT 1::int4 AS n, '{}'::text AS t").fetch_one(&mut conn).await.unwrap();
    for column in ["n", "t"] {
        let err = row.try_get::<Json<Doc>, _>(column).unwrap_err();
        assert!(
            matches!(&err, sqlx::Error::ColumnDecode { source, .. } if source.downcast_ref::<codec::Error>().is_none()),
            "{column}: {err:?}"
        );
        assert!(err.to_string().contains("mismatched types"), "{column}: {err}");
    }
}

/// A value codec cannot encode: `try_bind` returns the codec error itself; `bind` defers
/// it to the execution, where sqlx keeps its text (message and path) in `Error::Encode`.
#[tokio::test]
async fn encode_error_reaches_the_caller() {
    let mut conn = connect().await;
    let mut query = sqlx::query("SELECT $1::jsonb");
    let err = query.try_bind(Json([1.0, f64::NAN])).unwrap_err();
    let codec_err = err.downcast_ref::<codec::Error>().unwrap_or_else(|| panic!("{err:?} is not a codec::Error"));
    assert_eq!(codec_err.path(), "[1]");

    let err = sqlx::query("SELECT $1::jsonb").bind(Json([1.0, f64::NAN])).execute(&mut conn).await.unwrap_err();
    let sqlx::Error::Encode(source) = &err else { panic!("{err:?}") };
    let message = source.to_string();
    assert!(message.starts_with("Encoding argument $1 failed: "), "{message}");
    assert!(message.contains(&codec_err.to_string()), "{message}");
    // Nothing half-written was sent: the connection goes on.
    let (n,): (i32,) = sqlx::query_as("SELECT 1").fetch_one(&mut conn).await.unwrap();
    assert_eq!(n, 1);
}

/// sqlx reads query results in the binary format: a `jsonb` value is its version byte (1)
/// and the text, a `json` value the text. `raw_sql` (the simple query protocol) reads the
/// text format, where both are the text.
#[tokio::test]
async fn jsonb_version_byte_and_the_text_format() {
    let mut conn = connect().await;
    let sql = r#"SELECT '{"id": 7, "name": "seven"}'::jsonb AS jb, '{"id":7,"name":"seven"}'::json AS j"#;
    let expected = Doc { id: 7, name: "seven".into() };

    let row = sqlx::query(sql).fetch_one(&mut conn).await.unwrap();
    let jb = row.try_get_raw("jb").unwrap();
    assert_eq!(jb.format(), PgValueFormat::Binary);
    assert_eq!(jb.type_info().name(), "JSONB");
    assert_eq!(jb.as_bytes().unwrap(), b"\x01{\"id\": 7, \"name\": \"seven\"}");
    let j = row.try_get_raw("j").unwrap();
    assert_eq!((j.format(), j.type_info().name()), (PgValueFormat::Binary, "JSON"));
    assert_eq!(j.as_bytes().unwrap(), b"{\"id\":7,\"name\":\"seven\"}");
    assert_eq!(row.try_get::<Json<Doc>, _>("jb").unwrap().0, expected);
    assert_eq!(row.try_get::<Json<Doc>, _>("j").unwrap().0, expected);

    let row = sqlx::raw_sql(sql).fetch_one(&mut conn).await.unwrap();
    for column in ["jb", "j"] {
        let raw = row.try_get_raw(column).unwrap();
        assert_eq!(raw.format(), PgValueFormat::Text, "{column}");
        assert_eq!(raw.as_bytes().unwrap().first(), Some(&b'{'), "{column}: no version byte in the text format");
        assert_eq!(row.try_get::<Json<Doc>, _>(column).unwrap().0, expected, "{column}");
    }

    // Arrays of both types, elements in the binary form (jsonb's with the version byte).
    let (json_array, jsonb_array): (Vec<Json<Doc>>, Vec<Json<Doc>>) = sqlx::query_as(
        r#"SELECT ARRAY['{"id":1,"name":"a"}'::json, '{"id":2,"name":"b"}'], ARRAY['{"id":3,"name":"c"}'::jsonb]"#,
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    let doc = |id, name: &str| Json(Doc { id, name: name.into() });
    assert_eq!(json_array, [doc(1, "a"), doc(2, "b")]);
    assert_eq!(jsonb_array, [doc(3, "c")]);

    // What codec sends is jsonb's binary form too: the server takes it as a jsonb value.
    let (kind, text): (String, String) =
        sqlx::query_as("SELECT jsonb_typeof($1), $1::text").bind(Json(&expected)).fetch_one(&mut conn).await.unwrap();
    assert_eq!((kind.as_str(), text.as_str()), ("object", r#"{"id": 7, "name": "seven"}"#));
}
