import { describe, expect, it } from 'vitest';
import { refusal } from './_refusal.ts';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { checkJsonShape } from './json-shape.ts';

const shape = (text: string) => checkJsonShape(Buffer.from(text), 'f.json');

/** A Day One entry with every field its export writes (photo, place, weather), as it writes them. */
const DAY_ONE_ENTRY = {
  uuid: '0F3C9A1E5B7D4C2A8E6F1B3D5A7C9E0F',
  creationDate: '2024-03-01T10:00:00Z',
  modifiedDate: '2024-03-01T10:05:00Z',
  timeZone: 'Europe/Paris',
  text: 'A short day\\.',
  richText: '{"contents":[{"text":"A short day."}]}',
  starred: false,
  isPinned: false,
  isAllDay: false,
  duration: 0,
  editingTime: 12.5,
  creationDevice: 'iPhone',
  creationDeviceType: 'iPhone',
  creationDeviceModel: 'iPhone14,2',
  creationOSName: 'iOS',
  creationOSVersion: '17.1',
  tags: ['a', 'b'],
  location: {
    region: { center: { longitude: 2.35, latitude: 48.85 }, radius: 75 },
    localityName: 'Paris',
    country: 'France',
    longitude: 2.35,
    latitude: 48.85,
    placeName: 'Rue de Rivoli',
    administrativeArea: 'IDF',
  },
  weather: {
    sunsetDate: '2024-03-01T17:00:00Z',
    temperatureCelsius: 12,
    weatherCode: 'cloudy',
    windBearing: 200,
    sunriseDate: '2024-03-01T07:00:00Z',
    conditionsDescription: 'Cloudy',
    pressureMB: 1012,
    relativeHumidity: 80,
    windSpeedKPH: 10,
    moonPhase: 0.5,
  },
  photos: [{ md5: 'abc', type: 'jpeg', width: 3024, height: 4032, orderInEntry: 0 }],
};

describe('the shape of a JSON file, measured before it is parsed', () => {
  it('counts values (from above), objects and arrays, depth, fields and shapes of object', () => {
    expect(shape('"a"')).toEqual({ values: 1, containers: 0, depth: 0, fields: 0, shapes: 0 });
    expect(shape('{}')).toEqual({ values: 2, containers: 1, depth: 1, fields: 0, shapes: 0 });
    expect(shape('[1, 2, {"a": [3], "b" : {"a": 1}}]')).toMatchObject({
      values: 8,
      containers: 4,
      depth: 3,
      fields: 2,
      // {a, b} has the prefixes a and a,b; the inner {a} shares the prefix a.
      shapes: 2,
    });
    // The same fields in another order are other shapes; in the same order, the same.
    expect(shape('[{"a":1,"b":2},{"a":3,"b":4},{"b":5,"a":6}]').shapes).toBe(4);
    // Inside a string nothing counts, escaped quotes and backslashes included.
    expect(shape('["a,b{[", "say \\"[,]\\": 1", "ends in \\\\", "é,{"]')).toEqual({
      values: 5,
      containers: 1,
      depth: 1,
      fields: 0,
      shapes: 0,
    });
  });

  it('refuses (413 import_too_complex, naming the file) past each limit, stopping there', () => {
    const tooComplex = {
      status: 413,
      code: 'import_too_complex',
      message: `f.json: ${ARCHIVE_MESSAGES.tooComplex}`,
    };
    const deep = '['.repeat(IMPORT_LIMITS.jsonDepth + 1) + ']'.repeat(IMPORT_LIMITS.jsonDepth + 1);
    expect(refusal(() => shape(deep))).toMatchObject(tooComplex);
    expect(
      shape('['.repeat(IMPORT_LIMITS.jsonDepth) + ']'.repeat(IMPORT_LIMITS.jsonDepth)),
    ).toMatchObject({
      depth: IMPORT_LIMITS.jsonDepth,
    });
    const objects = `[${'{},'.repeat(IMPORT_LIMITS.jsonContainers)}{}]`;
    expect(refusal(() => shape(objects))).toMatchObject(tooComplex);
    const numbers = `[${'1,'.repeat(IMPORT_LIMITS.jsonValues)}1]`;
    expect(refusal(() => shape(numbers))).toMatchObject(tooComplex);
    const wide = `{${Array.from({ length: IMPORT_LIMITS.jsonFields + 1 }, (_, i) => `"f${i}":0`)}}`;
    expect(refusal(() => shape(wide))).toMatchObject(tooComplex);
    // Objects whose fields are ever new (each a hidden class to the parser): 100,001 of them.
    const varied = `[${Array.from({ length: IMPORT_LIMITS.jsonShapes + 1 }, (_, i) => `{"f${i}":0}`)}]`;
    expect(refusal(() => shape(varied))).toMatchObject(tooComplex);
    // A text that never closes its nesting (10 million `[`) is refused at the 65th.
    expect(refusal(() => shape('['.repeat(10_000_000)))).toMatchObject(tooComplex);
  });

  it('lets the largest export through: 20 MB of Day One entries with every field, or of Dayframe entries', () => {
    // Entries with and without each group of fields (32 kinds), as many as fit in 20 MB.
    const groups = ['tags', 'location', 'weather', 'photos', 'richText'] as const;
    const entries = Array.from({ length: 32 }, (_, kind) =>
      Object.fromEntries(
        Object.entries(DAY_ONE_ENTRY).filter(
          ([field]) => !groups.some((group, bit) => group === field && kind & (1 << bit)),
        ),
      ),
    ).map((entry) => JSON.stringify(entry));
    const perFile = Math.floor(IMPORT_LIMITS.jsonBytes / (entries[0]!.length + 1));
    const dayOneFile = `{"metadata":{"version":"1.0"},"entries":[${Array.from(
      { length: perFile },
      (_, i) => entries[i % 32],
    ).join(',')}]}`;
    const measured = shape(dayOneFile);
    // About 1,000,000 values and 100,000 objects and arrays: half the limits or less.
    expect(measured.values).toBeLessThan(IMPORT_LIMITS.jsonValues * 0.55);
    expect(measured.containers).toBeLessThan(IMPORT_LIMITS.jsonContainers * 0.5);
    expect(measured.shapes).toBeLessThan(IMPORT_LIMITS.jsonShapes / 50);
    // A Dayframe file of 100,000 of the smallest entries and goals there can be.
    const entry = JSON.stringify({ title: '', content: 'c', date: '2026-01-01' });
    const dayframeFile = `{"format":"dayframe-export","version":1,"journals":[{"title":"J","entries":[${Array(
      IMPORT_LIMITS.items,
    )
      .fill(entry)
      .join(',')}]}]}`;
    expect(shape(dayframeFile).values).toBeLessThan(IMPORT_LIMITS.jsonValues);
  });

  it('reads 20 MB in one pass, quickly', () => {
    const entry = `{"title":"t","content":"${'words, [and] {more} '.repeat(10)}","date":"2026-01-01"},`;
    const bytes = Buffer.alloc(IMPORT_LIMITS.jsonBytes, entry);
    const started = performance.now();
    checkJsonShape(bytes, 'big.json');
    // About 30 ms on a laptop; generous for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
