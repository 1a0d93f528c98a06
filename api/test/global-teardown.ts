import { tearDownTestServices } from '@lendpath/test-kit/test-services';

export default () => tearDownTestServices();
