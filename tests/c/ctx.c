/* Contexts: create/destroy, typed and generic calls with and without a context, team
 * contexts, get_team, ctx_fence/ctx_quiet. */
#include <shmem.h>
#include <stdio.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)

static long counter;
static long box[4];
static double dd;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    shmem_ctx_t a, b;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &a) == 0 && a != SHMEM_CTX_INVALID, "create a");
    CHECK(shmem_ctx_create(0, &b) == 0 && b != a, "create b");
    shmem_team_t t;
    CHECK(shmem_ctx_get_team(a, &t) == 0 && t == SHMEM_TEAM_WORLD, "get_team");
    for (int i = 0; i < 100; i++) {
        shmem_ctx_long_atomic_add(a, &counter, 1, 0);
        shmem_atomic_inc(b, &counter, 0);
        shmem_atomic_inc(&counter, 0);
    }
    shmem_ctx_quiet(a);
    shmem_ctx_quiet(b);
    long vals[4] = {me, me + 1, me + 2, me + 3};
    shmem_ctx_long_put(a, box, vals, 2, right);
    shmem_ctx_fence(a);
    shmem_put(b, &box[2], &vals[2], 2, right);
    shmem_p(a, &dd, 0.5 * me, right);
    shmem_ctx_quiet(a);
    shmem_barrier_all();
    if (me == 0) CHECK(counter == 300L * npes, "counter %ld", counter);
    for (int i = 0; i < 4; i++) CHECK(box[i] == left + i, "box [%d] = %ld", i, box[i]);
    CHECK(dd == 0.5 * left, "dd %g", dd);
    CHECK(shmem_g(a, &box[0], right) == me, "ctx g");
    shmem_ctx_destroy(b);
    shmem_ctx_destroy(a);
    /* a context on a split team */
    shmem_team_t all;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &all);
    shmem_ctx_t c;
    CHECK(shmem_team_create_ctx(all, 0, &c) == 0, "team ctx");
    CHECK(shmem_ctx_get_team(c, &t) == 0 && t == all, "team ctx get_team");
    shmem_ctx_t bad;
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &bad) != 0 && bad == SHMEM_CTX_INVALID, "invalid team ctx");
    shmem_ctx_destroy(c);
    shmem_team_destroy(all);
    shmem_finalize();
    if (me == 0) printf("ctx ok on %d PEs\n", npes);
    return 0;
}
