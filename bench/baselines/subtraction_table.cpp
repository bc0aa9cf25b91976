// Benchmark baseline, not a solution of this workspace: the subtraction game by the
// plain O(X*K) table win[0..=X], as textbooks write it. Needs X+1 bytes of memory
// and X*K steps, so the benchmark runs it only where X is small enough to finish.
#include <cstdio>
#include <vector>

int main() {
    long long x;
    int k;
    if (scanf("%lld %d", &x, &k) != 2) return 1;
    std::vector<long long> sizes(k);
    for (int i = 0; i < k; i++) {
        if (scanf("%lld", &sizes[i]) != 1) return 1;
    }
    std::vector<char> win(x + 1, 0);
    for (long long j = 1; j <= x; j++) {
        for (int i = 0; i < k; i++) {
            if (sizes[i] <= j && !win[j - sizes[i]]) {
                win[j] = 1;
                break;
            }
        }
    }
    printf("%s\n", win[x] ? "Alice" : "Bob");
    return 0;
}
