"""workload: the synthetic tool traffic behind ``make demo``, the tests and the benchmarks (not the library)."""
