// PROJ's C API (projections, transformations, and geodesic.h for Karney's geodesics), loaded
// when first used rather than linked: linking libproj pulls in about 40 shared libraries (curl,
// TLS, Kerberos, TIFF, SQLite) and adds about 10 ms to the start of every racekit process, most of
// which never project anything. Wrapped by GeoProjection; nothing else imports this module.
#include <proj.h>
#include <geodesic.h>
#include <dlfcn.h>

// Every PROJ function RaceKit calls, through `libproj.NAME` in GeoProjection: a new one needs
// its name here (a direct call does not link).
#define RACEKIT_PROJ_FUNCTIONS(X)                                                                  \
    X(proj_context_create) X(proj_context_destroy) X(proj_context_errno)                          \
    X(proj_context_errno_string) X(proj_log_func) X(proj_create) X(proj_destroy)                  \
    X(proj_create_crs_to_crs_from_pj) X(proj_normalize_for_visualization) X(proj_trans)           \
    X(proj_trans_generic) X(proj_coord) X(proj_errno) X(proj_errno_reset) X(proj_get_name)        \
    X(proj_get_type) X(proj_crs_get_coordinate_system) X(proj_cs_get_axis_info)                   \
    X(proj_get_area_of_use) X(geod_init) X(geod_inverse) X(geod_direct) X(geod_polygon_init)      \
    X(geod_polygon_addpoint) X(geod_polygon_compute)

/// PROJ's functions, each with its declared type.
typedef struct racekit_proj_api {
#define RACEKIT_PROJ_MEMBER(name) __typeof__(name) *_Nonnull name;
    RACEKIT_PROJ_FUNCTIONS(RACEKIT_PROJ_MEMBER)
#undef RACEKIT_PROJ_MEMBER
} racekit_proj_api;

/// Opens the shared library `file` and fills `api` with its functions.
/// Returns NULL on success, else the dynamic loader's message (and `api` is incomplete).
static inline const char *_Nullable racekit_proj_load(const char *_Nonnull file, racekit_proj_api *_Nonnull api) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define RACEKIT_PROJ_LOAD(name)                                                                    \
    if ((*(void **)&api->name = dlsym(library, #name)) == NULL) return dlerror();
    RACEKIT_PROJ_FUNCTIONS(RACEKIT_PROJ_LOAD)
#undef RACEKIT_PROJ_LOAD
    return NULL;
}
