import RaceCommands

RaceKitCommand.main()
