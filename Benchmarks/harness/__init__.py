"""The benchmark suite behind Benchmarks/run: tools, corpus, servers, the rows, the report."""
