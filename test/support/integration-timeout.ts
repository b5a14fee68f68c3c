// Integration tests drive whole lifecycles against real servers: seconds, not milliseconds.
jest.setTimeout(120_000);
