/// Namespace placeholder for the TerminalUI module; replaced as the module fills in.
public enum TerminalUIModule {}
