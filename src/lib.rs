//! `codec-tests`: the workspace's integration tests, examples and benchmarks live in
//! `tests/`, `examples/` and `benches/`; this library only holds what they share.
