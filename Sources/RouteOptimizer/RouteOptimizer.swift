// The stop-order optimizer (issue 5).
import GeoCore
