import Shelf
public enum CLIPlaceholder {}
