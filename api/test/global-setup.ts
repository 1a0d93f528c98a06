import { setUpTestServices } from '../../scripts/lib/jest-database.ts';

export default () => setUpTestServices('lendpath_api_test');
