//! What the json and msgpack benches share: the clock, the allocator settings and
//! criterion's configuration (included by both with `#[path]`; not a bench target).

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::Criterion;

/// Runs `run` under the thread-CPU-time clock (or the wall clock, see
/// [`wall_clock_requested`]) with the allocator settled; returns the clock's and the
/// allocator's descriptions for the summary.
pub fn run_all<G>(
    groups: &mut G,
    run: impl Fn(&mut Criterion<ThreadCpuTime>, &mut G),
    run_wall: impl Fn(&mut Criterion<WallTime>, &mut G),
) -> (&'static str, &'static str) {
    let allocator = settle_allocator();
    let clock = if wall_clock_requested() {
        let mut c = configure(Criterion::default());
        run_wall(&mut c, groups);
        c.final_summary();
        "wall-clock time"
    } else {
        let mut c = configure(Criterion::default().with_measurement(ThreadCpuTime(WallTime)));
        run(&mut c, groups);
        c.final_summary();
        "thread CPU time"
    };
    (clock, allocator)
}

/// glibc's malloc raises its mmap threshold as large blocks are freed and trims the top
/// of the heap when a large free leaves much of it unused, so whether a contender's
/// per-call multi-megabyte buffers (simd-json's copy of the input and its tape, output
/// `Vec`s) are fresh pages, faulted in on every call, or reused memory depended on which
/// benchmarks ran before: simd-json's citm decode measured 513 or 1242 MB/s in one build.
/// Fixed thresholds put every contender on reused memory whatever the order, as in a
/// long-running process. `BENCH_DEFAULT_MALLOC=1` keeps glibc's adaptive defaults.
pub fn settle_allocator() -> &'static str {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("BENCH_DEFAULT_MALLOC").is_none_or(|v| v == "0") {
        // SAFETY: plain configuration calls, made before this process allocates in earnest.
        let ok = unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20) == 1 && libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30) == 1
        };
        if ok {
            return "glibc malloc with fixed mmap and trim thresholds (32 MiB, 1 GiB)";
        }
    }
    "the system allocator's defaults"
}

/// Short enough that the whole run takes about 5 minutes on 2 idle cores; command-line
/// options (`--measurement-time`, `--sample-size`, ...) still override these.
pub fn configure<M: Measurement>(c: Criterion<M>) -> Criterion<M> {
    c.warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args()
}

/// `BENCH_WALL_CLOCK=1` times with criterion's default wall clock instead of the thread's
/// CPU time (which is the default only where the OS has a per-thread CPU clock).
pub fn wall_clock_requested() -> bool {
    !cfg!(unix) || std::env::var_os("BENCH_WALL_CLOCK").is_some_and(|v| v != "0")
}

/// The calling thread's CPU time (user + system) as a criterion measurement.
///
/// Every contender here is single-threaded, so on an idle machine this equals wall-clock
/// time; on a shared one (CI, several builds on 2 cores) it leaves out the time the
/// thread spends descheduled, which otherwise swings results by 2x between runs and,
/// worse, between the contenders of one group measured seconds apart.
pub struct ThreadCpuTime(WallTime);

impl ThreadCpuTime {
    #[cfg(unix)]
    fn now() -> Duration {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant the OS knows.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }

    #[cfg(not(unix))]
    fn now() -> Duration {
        unreachable!("the wall clock is used where there is no thread CPU clock")
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        Self::now()
    }
    fn end(&self, start: Duration) -> Duration {
        Self::now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, as the wall clock's: the same units and throughput display.
        self.0.formatter()
    }
}
