/*
 * parallel.c - a block-parallel loop over POSIX threads (see parallel.h).
 *
 * Workers take the next block number from an atomic counter until none is
 * left or a stop is requested.  The calling thread waits on a condition
 * variable with a 0.2 s timeout, which both wakes it as soon as the last
 * worker ends and lets it report progress meanwhile.
 *
 * A team (sim_team_run) is the other shape of parallelism: one task, all
 * threads, phases separated by a POSIX barrier.  The team agrees on its
 * size before any work starts (threads are created first, then the
 * barrier is sized), so a failed pthread_create only makes the team
 * smaller, never wrong.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "interrupt.h"
#include "parallel.h"

typedef struct shared_state {
    const sim_parallel_job *job;
    uint64_t first_block, blocks;
    atomic_uint_fast64_t next_block;
    atomic_uint_fast64_t blocks_done;
    pthread_mutex_t lock;
    pthread_cond_t finished;
    unsigned running;
    int failed;
} shared_state;

/* The trials [first, end) of block `block` of `trials`. */
static void block_trials(uint64_t block, uint64_t trials, uint64_t *first, uint64_t *end)
{
    uint64_t per_block = sim_trials_per_block(trials);
    *first = block * per_block;
    *end = *first + per_block < trials ? *first + per_block : trials;
    assert(*first < *end);   /* every block of a run holds at least one trial */
}

static void run_block(const sim_parallel_job *job, void *scratch, uint64_t block)
{
    uint64_t first, end;
    block_trials(block, job->trials, &first, &end);
    for (uint64_t trial = first; trial < end && !sim_interrupt_requested(); trial++)
        job->run_trial(job->context, scratch, trial, block);
}

static void *worker(void *argument)
{
    shared_state *state = argument;
    const sim_parallel_job *job = state->job;
    void *scratch = job->start_thread(job->context);
    if (scratch != NULL) {
        for (;;) {
            uint64_t block = atomic_fetch_add(&state->next_block, 1);
            if (block >= state->blocks || sim_interrupt_requested())
                break;
            run_block(job, scratch, state->first_block + block);
            atomic_fetch_add(&state->blocks_done, 1);
        }
        job->end_thread(job->context, scratch);
    }
    pthread_mutex_lock(&state->lock);
    state->failed |= scratch == NULL;
    state->running--;
    pthread_cond_signal(&state->finished);
    pthread_mutex_unlock(&state->lock);
    return NULL;
}

double sim_clock_seconds(clockid_t clock)
{
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

/* Waits until every worker has ended, reporting progress meanwhile. */
static void wait_for_workers(shared_state *state, const struct timespec *start)
{
    const sim_parallel_job *job = state->job;
    pthread_mutex_lock(&state->lock);
    while (state->running > 0) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_nsec += 200000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&state->finished, &state->lock, &deadline);
        if (job->progress != NULL && state->running > 0)
            job->progress(job->progress_context, atomic_load(&state->blocks_done), state->blocks,
                          seconds_since(start));
    }
    pthread_mutex_unlock(&state->lock);
}

int sim_parallel_run(const sim_parallel_job *job)
{
    uint64_t first_block = job->end_block > job->first_block ? job->first_block : 0;
    uint64_t blocks = job->end_block > job->first_block ? job->end_block - job->first_block
                                                        : sim_block_count(job->trials);
    unsigned threads = job->threads < 1 ? 1 : job->threads;
    if (threads > blocks)
        threads = blocks > 0 ? (unsigned)blocks : 1;
    pthread_t *handles = malloc(threads * sizeof *handles);
    if (handles == NULL)
        return -1;
    shared_state state;
    state.job = job;
    state.first_block = first_block;
    state.blocks = blocks;
    atomic_init(&state.next_block, 0);
    atomic_init(&state.blocks_done, 0);
    pthread_mutex_init(&state.lock, NULL);
    pthread_cond_init(&state.finished, NULL);
    state.running = 0;
    state.failed = 0;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    unsigned started = 0;
    for (; started < threads; started++) {
        pthread_mutex_lock(&state.lock);
        state.running++;
        pthread_mutex_unlock(&state.lock);
        if (pthread_create(&handles[started], NULL, worker, &state) != 0) {
            pthread_mutex_lock(&state.lock);
            state.running--;
            state.failed = 1;
            pthread_mutex_unlock(&state.lock);
            break;
        }
    }
    wait_for_workers(&state, &start);
    for (unsigned i = 0; i < started; i++)
        pthread_join(handles[i], NULL);
    free(handles);
    pthread_cond_destroy(&state.finished);
    pthread_mutex_destroy(&state.lock);
    return state.failed ? -1 : 0;
}

unsigned sim_processor_count(void)
{
    long count = sysconf(_SC_NPROCESSORS_ONLN);
    return count < 1 ? 1 : (unsigned)count;
}

uint64_t sim_trials_per_block(uint64_t trials)
{
    uint64_t per_block = trials / SIM_BLOCK_COUNT_TARGET + (trials % SIM_BLOCK_COUNT_TARGET != 0);
    return per_block < 1 ? 1 : per_block;
}

uint64_t sim_block_of_trial(uint64_t trial, uint64_t trials)
{
    assert(trial < trials);
    return trial / sim_trials_per_block(trials);
}

uint64_t sim_block_count(uint64_t trials)
{
    uint64_t per_block = sim_trials_per_block(trials);
    uint64_t blocks = trials / per_block + (trials % per_block != 0);
    assert(blocks <= SIM_BLOCK_COUNT_TARGET);   /* so blocks never depend on the threads */
    return blocks;
}


struct sim_team {
    pthread_barrier_t barrier;
    sim_team_work work;
    void *context;
    unsigned members;
    pthread_mutex_t lock;
    pthread_cond_t sized;
    int ready;                 /* members is final */
};

typedef struct team_seat {
    sim_team *team;
    unsigned member;
} team_seat;

/* Waits until the team's size is final, then works. */
static void *team_member(void *argument)
{
    team_seat *seat = argument;
    sim_team *team = seat->team;
    pthread_mutex_lock(&team->lock);
    while (!team->ready)
        pthread_cond_wait(&team->sized, &team->lock);
    pthread_mutex_unlock(&team->lock);
    team->work(team->context, team, seat->member, team->members);
    return NULL;
}

int sim_team_barrier(sim_team *team)
{
    return pthread_barrier_wait(&team->barrier) == PTHREAD_BARRIER_SERIAL_THREAD;
}

int sim_team_run(unsigned members, sim_team_work work, void *context)
{
    members = members < 1 ? 1 : members;
    pthread_t *handles = malloc(members * sizeof *handles);
    team_seat *seats = malloc(members * sizeof *seats);
    if (handles == NULL || seats == NULL) {
        free(handles);
        free(seats);
        return -1;
    }
    sim_team team;
    team.work = work;
    team.context = context;
    team.ready = 0;
    pthread_mutex_init(&team.lock, NULL);
    pthread_cond_init(&team.sized, NULL);
    unsigned started = 1;
    for (; started < members; started++) {
        seats[started].team = &team;
        seats[started].member = started;
        if (pthread_create(&handles[started], NULL, team_member, &seats[started]) != 0)
            break;
    }
    team.members = started;
    pthread_barrier_init(&team.barrier, NULL, started);
    pthread_mutex_lock(&team.lock);
    team.ready = 1;
    pthread_cond_broadcast(&team.sized);
    pthread_mutex_unlock(&team.lock);
    work(context, &team, 0, started);
    for (unsigned i = 1; i < started; i++)
        pthread_join(handles[i], NULL);
    pthread_barrier_destroy(&team.barrier);
    pthread_cond_destroy(&team.sized);
    pthread_mutex_destroy(&team.lock);
    free(handles);
    free(seats);
    return 0;
}
