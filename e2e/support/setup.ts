// Browser journeys wait on real pages; give them room (timings are never asserted).
jest.setTimeout(120_000);
