// Benchmark baseline, not a solution of this workspace: POJ 2484 "A Funny Game"
// with scanf/printf. Alice wins exactly when n <= 2. Lines `n`, `0` last.
#include <cstdio>

int main() {
    long long n;
    while (scanf("%lld", &n) == 1 && n != 0) {
        printf("%s\n", n <= 2 ? "Alice" : "Bob");
    }
    return 0;
}
