/// Namespace placeholder for the Graph module; replaced as the module fills in.
public enum GraphModule {}
