import { previewThumbnail, uploadLimits } from '@roomscale/shared';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { canvasToJpeg, withTimeout } from './canvas.ts';

/**
 * A snapshot of a GLB or glTF model, 480 × 360, as JPEG 0.8. The model is parsed from its bytes
 * with three.js (loaded on first use) and rendered once on a detached WebGL canvas: parsing needs
 * no fetch of a blob: address, which the CSP's connect-src does not allow (`<model-viewer>`
 * would need one). glTF files with external or data: resources, and Draco-compressed models,
 * fail softly.
 */
export function modelThumbnail(file: Blob): Promise<Blob> {
  return withTimeout(render(file), uploadLimits.modelSnapshotTimeoutMs, 'Model snapshot');
}

const height = Math.round((previewThumbnail.width * 3) / 4);

async function render(file: Blob): Promise<Blob> {
  const [THREE, { GLTFLoader }] = await Promise.all([
    import('three'),
    import('three/examples/jsm/loaders/GLTFLoader.js'),
  ]);
  const data = await file.arrayBuffer();
  const gltf: GLTF = await new Promise((resolve, reject) =>
    new GLTFLoader().parse(data, '', resolve, reject),
  );

  const width = previewThumbnail.width;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const renderer = new THREE.WebGLRenderer({
    canvas,
    antialias: true,
    preserveDrawingBuffer: true,
  });
  try {
    renderer.setSize(width, height, false);
    renderer.setClearColor(0xf1f3f5, 1);
    const scene = new THREE.Scene();
    // Plain lights, no generated environment map: on software WebGL (no GPU) the environment
    // took seconds, the lights take milliseconds.
    scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 2.5));
    const sun = new THREE.DirectionalLight(0xffffff, 2);
    scene.add(gltf.scene);

    const box = new THREE.Box3().setFromObject(gltf.scene);
    if (box.isEmpty()) throw new Error('The model has no geometry');
    const center = box.getCenter(new THREE.Vector3());
    const radius = box.getSize(new THREE.Vector3()).length() / 2 || 1;
    const fov = 35;
    const camera = new THREE.PerspectiveCamera(fov, width / height, radius / 100, radius * 100);
    const distance = radius / Math.sin(((fov / 2) * Math.PI) / 180);
    const direction = new THREE.Vector3(0.6, 0.35, 1).normalize();
    camera.position.copy(center).addScaledVector(direction, distance);
    camera.lookAt(center);
    sun.position.copy(camera.position);
    scene.add(sun);

    renderer.render(scene, camera);
    return await canvasToJpeg(canvas);
  } finally {
    renderer.dispose();
    renderer.forceContextLoss();
  }
}
