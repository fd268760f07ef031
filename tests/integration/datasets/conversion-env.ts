// Imported first by conversion.test.ts, before any module reads the configuration: small chunks,
// so a small cloud still makes several index jobs, and converter work in Jest's own thread.
process.env.CONVERSION_CHUNK_POINTS = '5000';
process.env.CONVERSION_THREADS = '0';
