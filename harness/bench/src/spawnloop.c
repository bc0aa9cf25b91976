#define _GNU_SOURCE
// The bare peer of `judge run`: for every NAME.in in DIR, posix_spawn SOLUTION with
// the file as stdin and a pipe as stdout, read the output to the end, wait, and
// compare it byte for byte with NAME.out; JOBS threads take cases in turn.
// Exit 0 when every case matched, 1 otherwise.
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static char *solution, *dir;
static char **names;
static int count;
static atomic_int next, failed;

static char *slurp_fd(int fd, size_t *len) {
    size_t cap = 1 << 16, n = 0;
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

static void *worker(void *arg) {
    (void)arg;
    char path[4096];
    for (int i; (i = atomic_fetch_add(&next, 1)) < count;) {
        snprintf(path, sizeof path, "%s/%s.in", dir, names[i]);
        int in = open(path, O_RDONLY | O_CLOEXEC);
        int p[2];
        if (in < 0 || pipe2(p, O_CLOEXEC) != 0) { atomic_store(&failed, 1); continue; }
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in, 0);
        posix_spawn_file_actions_adddup2(&fa, p[1], 1);
        pid_t pid;
        char *argv[] = {solution, NULL};
        int err = posix_spawn(&pid, solution, &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        close(in);
        close(p[1]);
        if (err != 0) { close(p[0]); atomic_store(&failed, 1); continue; }
        size_t got_len, want_len;
        char *got = slurp_fd(p[0], &got_len);
        close(p[0]);
        int status;
        waitpid(pid, &status, 0);
        snprintf(path, sizeof path, "%s/%s.out", dir, names[i]);
        int out = open(path, O_RDONLY | O_CLOEXEC);
        char *want = out >= 0 ? slurp_fd(out, &want_len) : NULL;
        if (out >= 0) close(out);
        if (!want || status != 0 || got_len != want_len || memcmp(got, want, got_len) != 0)
            atomic_store(&failed, 1);
        free(got);
        free(want);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: spawnloop SOLUTION DIR JOBS\n"); return 2; }
    solution = argv[1];
    dir = argv[2];
    int jobs = atoi(argv[3]);
    DIR *d = opendir(dir);
    if (!d) { perror(dir); return 2; }
    int cap = 256;
    names = malloc(sizeof *names * cap);
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 3 && strcmp(e->d_name + n - 3, ".in") == 0) {
            if (count == cap) names = realloc(names, sizeof *names * (cap *= 2));
            names[count++] = strndup(e->d_name, n - 3);
        }
    }
    closedir(d);
    pthread_t t[64];
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
    for (int i = 0; i < jobs; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < jobs; i++) pthread_join(t[i], NULL);
    return atomic_load(&failed) ? 1 : 0;
}
