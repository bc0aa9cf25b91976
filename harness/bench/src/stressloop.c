#define _GNU_SOURCE
// The bare peer of `judge stress`: for seeds 1..=CASES, JOBS threads take seeds in
// turn; each posix_spawns `GEN --seed S --lines 10 --max 50` with a pipe as stdout
// and reads the input to the end, writes it to its own file in SCRATCH, then
// spawns BRUTE and SOLUTION, each with that file as stdin and a pipe as stdout,
// reads both outputs, waits for both and compares them byte for byte. Nothing
// else: no limits, no isolation, no shrinking, no report.
// Exit 0 when every seed agreed, 1 otherwise.
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static char *gen, *brute, *solution, *scratch;
static long cases;
static atomic_long next;
static atomic_int failed;

static char *slurp_fd(int fd, size_t *len) {
    size_t cap = 1 << 12, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n == cap) buf = realloc(buf, cap *= 2);
        ssize_t r = read(fd, buf + n, cap - n);
        if (r <= 0) break;
        n += (size_t)r;
    }
    *len = n;
    return buf;
}

// Spawns argv with stdin `in` (or /dev/null's -1: inherited) and stdout a pipe,
// whose read end is returned in *out.
static pid_t start(char **argv, int in, int *out) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (in >= 0) posix_spawn_file_actions_adddup2(&fa, in, 0);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    pid_t pid;
    int err = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    if (err != 0) { close(p[0]); return -1; }
    *out = p[0];
    return pid;
}

static char *finish(pid_t pid, int out, size_t *len) {
    char *got = slurp_fd(out, len);
    close(out);
    int status;
    waitpid(pid, &status, 0);
    if (status != 0) atomic_store(&failed, 1);
    return got;
}

static void *worker(void *arg) {
    char path[4096], seed[32];
    snprintf(path, sizeof path, "%s/input-%ld.in", scratch, (long)arg);
    for (long s; (s = atomic_fetch_add(&next, 1) + 1) <= cases;) {
        snprintf(seed, sizeof seed, "%ld", s);
        char *gen_argv[] = {gen, "--seed", seed, "--lines", "10", "--max", "50", NULL};
        int out;
        pid_t pid = start(gen_argv, -1, &out);
        if (pid < 0) { atomic_store(&failed, 1); continue; }
        size_t len;
        char *input = finish(pid, out, &len);
        int f = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (f < 0 || write(f, input, len) != (ssize_t)len) { atomic_store(&failed, 1); }
        close(f);
        free(input);
        int in_b = open(path, O_RDONLY | O_CLOEXEC), in_s = open(path, O_RDONLY | O_CLOEXEC);
        char *brute_argv[] = {brute, NULL}, *sol_argv[] = {solution, NULL};
        int out_b, out_s;
        pid_t pb = start(brute_argv, in_b, &out_b);
        pid_t ps = start(sol_argv, in_s, &out_s);
        close(in_b);
        close(in_s);
        if (pb < 0 || ps < 0) { atomic_store(&failed, 1); continue; }
        size_t lb, ls;
        // Small outputs: each fits a pipe's buffer, so reading one side to the end
        // first cannot block the other.
        char *want = finish(pb, out_b, &lb), *got = finish(ps, out_s, &ls);
        if (lb != ls || memcmp(want, got, lb) != 0) atomic_store(&failed, 1);
        free(want);
        free(got);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: stressloop GEN BRUTE SOLUTION SCRATCH CASES JOBS\n");
        return 2;
    }
    gen = argv[1];
    brute = argv[2];
    solution = argv[3];
    scratch = argv[4];
    cases = atol(argv[5]);
    int jobs = atoi(argv[6]);
    pthread_t t[64];
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
    for (long i = 0; i < jobs; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < jobs; i++) pthread_join(t[i], NULL);
    return atomic_load(&failed) ? 1 : 0;
}
