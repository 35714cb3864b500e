// PROJ's C API (projections, transformations, and geodesic.h for Karney's geodesics).
// Wrapped by GeoProjection; nothing else imports this module.
#include <proj.h>
#include <geodesic.h>
