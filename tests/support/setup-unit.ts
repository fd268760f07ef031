import '@testing-library/jest-dom';

// A form test typing through user-event takes several seconds on a busy 2-core machine (CI runs
// the suites in parallel): Jest's 5 s default failed such a test once with nothing wrong.
jest.setTimeout(20_000);
