import Foundation

/// CPU time, for `--timings`: a step's CPU time next to its wall time shows whether it kept every
/// core busy, and the parts of a parallel step can only be told apart by the CPU they used.
enum CPUClock {
    /// CPU seconds used so far by the calling thread.
    static func thread() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// User and system CPU seconds used so far by the whole process, all threads.
    static func process() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
            usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// The clock of a step's parts (reading, front matter and Markdown of each file; templates of
/// each page), read twice per file and per page. A thread's CPU time is a system call (650 ns
/// on this machine, which has no vDSO for it): 66,000 of them on the 10,000-item corpus, 40 ms of
/// CPU. So it is read only when `--timings` shows the parts, and is 0 otherwise.
struct PartClock: Sendable {
    var enabled: Bool

    /// CPU seconds used so far by the calling thread, when enabled.
    func thread() -> Double { enabled ? CPUClock.thread() : 0 }
}

extension DispatchTime {
    /// Wall-clock seconds from this time to now.
    public var secondsElapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1e9 }
}
