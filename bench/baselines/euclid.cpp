// Benchmark baseline, not a solution of this workspace: Euclid's game (HDU 1525,
// POJ 2348, YBT 1218) the way a plain contest entry reads and writes it, with
// scanf/printf. The two answer words come from the command line so one program
// serves the three dialects: `euclid "Stan wins" "Ollie wins"`.
// Correct only for the benchmark's inputs (values below 2^30, lines `a b`, `0 0` last).
#include <cstdio>
#include <utility>

static bool first_player_wins(long long a, long long b) {
    bool mover = true;
    for (;;) {
        if (a < b) std::swap(a, b);
        if (a % b == 0 || a / b >= 2) return mover;
        a -= b;  // the only move when b < a < 2b
        mover = !mover;
    }
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: euclid WIN_WORD LOSE_WORD\n");
        return 2;
    }
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a == 0 && b == 0) break;
        printf("%s\n", first_player_wins(a, b) ? argv[1] : argv[2]);
    }
    return 0;
}
