/// Namespace placeholder for the Identity module; replaced as the module fills in.
public enum IdentityModule {}
