import { setUpTestServices } from '../../scripts/lib/jest-database.ts';

export default () => setUpTestServices('lendpath_indexer_test');
