// Game modes as plugins (issue 7).
import RaceModel
