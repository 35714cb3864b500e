// The race model: stops, courses, races, the race file format, builder and validator (issue 4).
import GeoCore
