import nextJest from 'next/jest.js';

process.env.NEXT_IGNORE_INCORRECT_LOCKFILE ??= '1';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const createJestConfig = nextJest({ dir: './' });

// next-intl 4 and @tus/* (with srvx) are ESM-only (TOOLCHAIN gotcha 4): let Jest transform them.
const esmPackages = 'next-intl|use-intl|icu-minify|intl-messageformat|@formatjs|@schummar|@tus|srvx';

const shared = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
};

export default async function config() {
  const base = await createJestConfig(shared)();
  base.transformIgnorePatterns = [`/node_modules/(?!(${esmPackages})/)`];
  return {
    projects: [
      {
        ...base,
        displayName: 'unit',
        testEnvironment: 'jsdom',
        setupFilesAfterEnv: ['<rootDir>/tests/support/setup-unit.ts'],
        testMatch: ['<rootDir>/tests/unit/**/*.test.ts?(x)', '<rootDir>/identity/**/*.unit.test.ts'],
      },
      {
        ...base,
        displayName: 'integration',
        testEnvironment: 'node',
        setupFilesAfterEnv: ['<rootDir>/tests/support/setup-integration.ts'],
        testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      },
    ],
  };
}
