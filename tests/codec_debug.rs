//! `#[codec(debug)]`: the derive shows the code it writes for a type, as a warning and in
//! `target/codec-debug/<crate>/<Type>.rs`. This test reads the files back: they parse as
//! Rust and hold the type's impls. (`CODEC_DEBUG=Type` picks types the same way from the
//! environment; its list is unit-tested in codec-derive, since a test cannot set the
//! environment of its own compilation.)

// The warning is how the code reaches the terminal (the one channel a proc macro has on
// stable); this test reads the files instead.
#![allow(deprecated)]

use std::path::PathBuf;

use codec::Codec;

#[derive(Codec, Debug, PartialEq)]
#[codec(debug, rename_all = "camelCase")]
struct DebugShown {
    user_id: u64,
    #[codec(skip_encoding_if = "Option::is_none")]
    reply_to: Option<String>,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(debug, tag = "type")]
enum DebugEvent {
    Started { at: u64 },
    Stopped,
}

/// A tuple struct and a newtype: their `Decode` is one body generic over the reader.
#[derive(Codec, Debug, PartialEq)]
#[codec(debug)]
struct DebugPair(u32, String);

#[derive(Codec, Debug, PartialEq)]
#[codec(debug)]
struct DebugId(u64);

/// What the derive wrote for `ty` in this crate.
fn shown(ty: &str) -> String {
    // `CARGO_TARGET_TMPDIR` is `<target>/tmp`; the derive finds `<target>` on its own.
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().to_path_buf();
    let path = target.join("codec-debug").join("codec_debug").join(format!("{ty}.rs"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `(trait, type)` of every impl in `file`, also those inside `const _: () = { ... };`.
fn impls(file: &syn::File) -> Vec<(String, String)> {
    fn walk(items: Vec<&syn::Item>, out: &mut Vec<(String, String)>) {
        for item in items {
            match item {
                syn::Item::Impl(i) => {
                    let trait_ = i.trait_.as_ref().map(|(_, p, _)| p.segments.last().unwrap().ident.to_string());
                    let ty = match &*i.self_ty {
                        syn::Type::Path(p) => p.path.segments.last().unwrap().ident.to_string(),
                        _ => String::new(),
                    };
                    out.push((trait_.unwrap_or_default(), ty));
                }
                syn::Item::Const(c) => {
                    if let syn::Expr::Block(b) = &*c.expr {
                        let items = b
                            .block
                            .stmts
                            .iter()
                            .filter_map(|s| match s {
                                syn::Stmt::Item(i) => Some(i),
                                _ => None,
                            })
                            .collect();
                        walk(items, out);
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(file.items.iter().collect(), &mut out);
    out
}

#[test]
fn debug_writes_the_derived_code_as_rust() {
    for (ty, traits) in [
        ("DebugShown", &["Encode", "Decode", "EncodeFields", "DecodeFields"][..]),
        ("DebugEvent", &["Encode", "Decode"][..]),
    ] {
        let text = shown(ty);
        let file =
            syn::parse_file(&text).unwrap_or_else(|e| panic!("{ty}: the shown code does not parse: {e}\n{text}"));
        let found = impls(&file);
        for t in traits {
            assert!(found.iter().any(|(tr, on)| tr == t && on == ty), "{ty}: no `impl {t} for {ty}` in {found:?}");
        }
        // Laid out for reading: indented, one statement per line.
        assert!(text.lines().count() > 20, "{ty}: {text}");
        assert!(text.lines().any(|l| l.starts_with("        ")), "{ty}: not indented");
    }
    // The names the attributes chose are in the shown code.
    assert!(shown("DebugShown").contains("userId"));
    assert!(shown("DebugEvent").contains("\"type\"") || shown("DebugEvent").contains("b\"type\""));
}

/// What is shown is what runs: the types work as usual.
#[test]
fn debug_changes_nothing_else() {
    let v = DebugShown { user_id: 1, reply_to: None };
    assert_eq!(codec::json::to_string(&v).unwrap(), r#"{"userId":1}"#);
    assert_eq!(codec::json::from_str::<DebugShown>(r#"{"userId":1}"#).unwrap(), v);
    let e = DebugEvent::Started { at: 2 };
    assert_eq!(codec::json::to_string(&e).unwrap(), r#"{"type":"Started","at":2}"#);
    assert_eq!(codec::json::from_str::<DebugEvent>(r#"{"at":2,"type":"Started"}"#).unwrap(), e);
    assert_eq!(codec::json::to_string(&DebugEvent::Stopped).unwrap(), r#"{"type":"Stopped"}"#);
}

/// The methods of `impl {trait_} for {ty}` in the shown code of `ty`.
fn methods(ty: &str, trait_: &str) -> Vec<syn::ImplItemFn> {
    let file = syn::parse_file(&shown(ty)).unwrap();
    let mut found = Vec::new();
    let mut stack: Vec<syn::Item> = file.items;
    while let Some(item) = stack.pop() {
        match item {
            syn::Item::Impl(i)
                if i.trait_.as_ref().is_some_and(|(_, p, _)| p.segments.last().unwrap().ident == trait_) =>
            {
                found.extend(i.items.into_iter().filter_map(|it| match it {
                    syn::ImplItem::Fn(f) => Some(f),
                    _ => None,
                }));
            }
            syn::Item::Const(c) => {
                if let syn::Expr::Block(b) = *c.expr {
                    stack.extend(b.block.stmts.into_iter().filter_map(|s| match s {
                        syn::Stmt::Item(i) => Some(i),
                        _ => None,
                    }));
                }
            }
            _ => {}
        }
    }
    found
}

/// Step 2b of docs/one-model.md, first part: tuple, newtype and unit structs decode
/// through one `decode<R: Reader>` body; since step 3 it is the impl's only method (the
/// trait's per-format methods call it by default).
#[test]
fn tuple_and_newtype_structs_decode_through_one_generic_body() {
    for ty in ["DebugPair", "DebugId"] {
        let fns = methods(ty, "Decode");
        let names: Vec<String> = fns.iter().map(|f| f.sig.ident.to_string()).collect();
        assert_eq!(names, ["decode"], "{ty}: the derived `Decode` has other methods than `decode`");
        assert_eq!(fns[0].sig.generics.type_params().count(), 1, "{ty}: `decode` is not generic over the reader");
    }
    // And they read as before, in both formats, with the same errors.
    assert_eq!(codec::json::from_str::<DebugPair>(r#"[1,"a"]"#).unwrap(), DebugPair(1, "a".into()));
    assert_eq!(codec::json::from_str::<DebugId>("7").unwrap(), DebugId(7));
    let e = codec::json::from_str::<DebugPair>("[1]").unwrap_err();
    assert_eq!(e.to_string(), "invalid value: expected an array of 2 elements, found 1 (line 1, column 3)", "{e}");
    {
        let bytes = codec::msgpack::to_vec(&DebugPair(1, "a".into())).unwrap();
        assert_eq!(codec::msgpack::from_slice::<DebugPair>(&bytes).unwrap(), DebugPair(1, "a".into()));
        let e = codec::msgpack::from_slice::<DebugPair>(b"\x91\x01").unwrap_err();
        assert_eq!(e.to_string(), "invalid value: expected an array of 2 elements, found 1 (byte 0)", "{e}");
    }
}

#[test]
fn named_structs_decode_through_one_generic_body() {
    let fns = methods("DebugShown", "Decode");
    let names: Vec<String> = fns.iter().map(|f| f.sig.ident.to_string()).collect();
    assert_eq!(names, ["decode"], "the derived `Decode` has other methods than `decode`");
    assert_eq!(fns[0].sig.generics.type_params().count(), 1, "`decode` is not generic over the reader");
    // The same values and errors as before, in both formats: in order, out of order
    // (the general loop), a missing field, an unknown one.
    let v = DebugShown { user_id: 7, reply_to: Some("a".into()) };
    assert_eq!(codec::json::from_str::<DebugShown>(r#"{"userId":7,"replyTo":"a"}"#).unwrap(), v);
    assert_eq!(codec::json::from_str::<DebugShown>(r#"{"x":[1],"replyTo":"a","userId":7}"#).unwrap(), v);
    let e = codec::json::from_str::<DebugShown>(r#"{"replyTo":null}"#).unwrap_err();
    assert!(e.to_string().starts_with("missing field `userId`"), "{e}");
    let e = codec::json::from_str::<DebugShown>(r#"{"userId":7,"userId":8}"#).unwrap_err();
    assert!(e.to_string().starts_with("duplicate field `userId`"), "{e}");
    let bytes = codec::msgpack::to_vec(&v).unwrap();
    assert_eq!(codec::msgpack::from_slice::<DebugShown>(&bytes).unwrap(), v);
    // A key that is not a string is unknown, and skipped.
    assert_eq!(codec::msgpack::from_slice::<DebugShown>(b"\x82\x01\x02\xa6userId\x07").unwrap().user_id, 7);
}
