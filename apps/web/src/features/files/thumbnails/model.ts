import { previewThumbnail, uploadLimits } from '@roomscale/shared';
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
  const [THREE, { GLTFLoader }, { RoomEnvironment }] = await Promise.all([
    import('three'),
    import('three/examples/jsm/loaders/GLTFLoader.js'),
    import('three/examples/jsm/environments/RoomEnvironment.js'),
  ]);
  const data = await file.arrayBuffer();
  const gltf: { scene: unknown } = await new Promise((resolve, reject) =>
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
    const pmrem = new THREE.PMREMGenerator(renderer);
    scene.environment = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;
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

    renderer.render(scene, camera);
    pmrem.dispose();
    return await canvasToJpeg(canvas);
  } finally {
    renderer.dispose();
    renderer.forceContextLoss?.();
  }
}
