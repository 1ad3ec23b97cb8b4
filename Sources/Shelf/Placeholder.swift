public enum ShelfPlaceholder {}
