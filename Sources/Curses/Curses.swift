/// Namespace placeholder for the Curses module; replaced as the module fills in.
public enum CursesModule {}
