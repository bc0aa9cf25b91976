// Benchmark baseline, not a solution of this workspace: Wythoff's game the way a
// plain contest entry does it, scanf/printf and a floating-point golden ratio.
// long double (64-bit mantissa) keeps floor(k * phi) exact for the benchmark's
// values below 2^30; the Rust solution uses integers only and needs no such bound.
#include <cmath>
#include <cstdio>
#include <utility>

int main() {
    const long double phi = (1.0L + sqrtl(5.0L)) / 2.0L;
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        long long k = b - a;
        long long ak = (long long)(k * phi);
        printf("%d\n", a == ak ? 0 : 1);
    }
    return 0;
}
