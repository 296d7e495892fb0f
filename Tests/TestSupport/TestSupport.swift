/// Shared helpers for tests (TestScheduler, fakes, snapshot assertions).
public enum TestSupportModule {}
