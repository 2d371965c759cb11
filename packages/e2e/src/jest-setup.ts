// Browser tests drive real sign-ins and real network; give each one room.
jest.setTimeout(60_000);
