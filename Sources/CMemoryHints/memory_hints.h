// Cache hints the compiler understands but Swift cannot spell: used by the geofence index's batch
// query to start the loads of a block of lookups before it needs their results.
#ifndef RACEKIT_MEMORY_HINTS_H
#define RACEKIT_MEMORY_HINTS_H

/// Asks the processor to bring the cache line holding `address` closer, for reading soon.
/// A hint only: it never faults, whatever the address, and changes no result.
static inline __attribute__((always_inline)) void racekit_prefetch_read(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
