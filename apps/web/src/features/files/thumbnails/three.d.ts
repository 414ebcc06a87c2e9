// three ships no type declarations and @types/three is not installed; model.ts types what it uses.
declare module 'three';
declare module 'three/examples/jsm/loaders/GLTFLoader.js';
